#!/usr/bin/env node
// The `packlint-language-server` command (package.json "bin" runs its bundle, lib/packlint-language-server.js).
import { main } from "./main";

main();
