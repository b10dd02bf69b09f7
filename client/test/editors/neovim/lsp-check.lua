-- Neovim as an LSP client of packlint's standalone server (nvim --headless -n -i NONE -u lsp-check.lua FILE).
-- Starts the server over stdio for the YAML file given, waits for its first diagnostics and writes one line per
-- diagnostic to stdout: DIAG <line> <col> <severity> <code> <message> (1-based, sorted). Exits 1 if none came.
-- Written for Neovim 0.7 (Debian bookworm): vim.lsp.start_client + buf_attach_client, no vim.lsp.start.
-- The server is started as the README's Neovim recipe starts it: the `packlint-language-server` command on PATH
-- (npm install -g agentclash-packlint).
local timeout = tonumber(os.getenv('PACKLINT_TIMEOUT_MS') or '20000')
local started = vim.loop.hrtime()

local function say(line)
  io.stdout:write(line, '\n') -- print() goes to stderr in --headless
end

local function elapsed()
  return math.floor((vim.loop.hrtime() - started) / 1e6)
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  once = true,
  callback = function(args)
    local bufnr = args.buf
    local file = vim.api.nvim_buf_get_name(bufnr)
    local client_id = vim.lsp.start_client({
      name = 'packlint',
      cmd = { 'packlint-language-server', '--stdio' },
      root_dir = vim.fn.fnamemodify(file, ':h'),
    })
    if not client_id then
      say('ERROR the server did not start')
      vim.cmd('cquit! 1')
      return
    end
    vim.lsp.buf_attach_client(bufnr, client_id)
    say(string.format('[%5d ms] server started, client id %d', elapsed(), client_id))
    local got = vim.wait(timeout, function()
      return #vim.diagnostic.get(bufnr) > 0
    end, 50)
    if not got then
      say(string.format('ERROR no diagnostics within %d ms', timeout))
      vim.lsp.stop_client(client_id)
      vim.cmd('cquit! 1')
      return
    end
    say(string.format('[%5d ms] first diagnostics', elapsed()))
    local diagnostics = vim.diagnostic.get(bufnr)
    table.sort(diagnostics, function(a, b)
      if a.lnum ~= b.lnum then return a.lnum < b.lnum end
      return a.col < b.col
    end)
    for _, d in ipairs(diagnostics) do
      local lsp = d.user_data and d.user_data.lsp or {}
      local code = d.code or lsp.code or ''
      say(string.format('DIAG %d %d %d %s %s', d.lnum + 1, d.col + 1, d.severity, code, d.message))
    end
    vim.lsp.stop_client(client_id)
    vim.cmd('qall!')
  end,
})
