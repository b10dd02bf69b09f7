#!/usr/bin/env node
require("../out/server/src/lsp/main.js").main();
