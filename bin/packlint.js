#!/usr/bin/env node
require("../out/server/src/cli/packlint.js").main();
