#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is bundled by `npm run build` into dist/cli.js.
require('../dist/cli.js').main(process.argv.slice(2));
