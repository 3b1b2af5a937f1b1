#!/bin/sh
# Prisma's CLI looks for its native schema engine before any command, even
# `generate`, and tries to download it, which this project's machines cannot.
# This stand-in answers the version probe and refuses everything else loudly,
# so that `prisma migrate ...` can never "succeed" without doing anything.
# Migrations run through the WebAssembly engine: npm run db:migrate.
case "$1" in
  --version|-V) echo "schema-engine-cli 0.0.0 (stand-in; use npm run db:migrate)"; exit 0 ;;
esac
echo "formloom: the native Prisma schema engine is not installed; use 'npm run db:migrate' / 'npm run db:migration'" >&2
exit 1
