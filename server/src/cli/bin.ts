#!/usr/bin/env node
// The `packlint` command (package.json "bin" runs its bundle, lib/packlint.js).
import { main } from "./packlint";

main();
