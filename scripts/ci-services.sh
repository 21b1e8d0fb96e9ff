#!/usr/bin/env bash
# The services the suite runs against beside SQLite: PostgreSQL and Redis, and Chromium for
# the browser tests. .ci/run sources this, then runs `make test` with their URLs exported.
# Where CI is set, each must answer, or this stops (exit 1) with one sentence saying which did
# not and why CI needs it: a green CI means every leg ran. Elsewhere (a newcomer's machine) a
# missing one is only named here, and `make test` skips its tests saying why.

ci_strict() {  # CI=true, as CI runs .ci/run; CI unset, empty, 0 or false: a developer's run
  case "${CI:-}" in "" | 0 | false) return 1 ;; *) return 0 ;; esac
}

ci_missing() {  # $1: why a service is missing; $2: what CI needs it for
  if ci_strict; then
    echo "CI cannot run the whole suite: $1, and CI needs it $2." >&2
    exit 1
  fi
  echo "$1: its tests will be skipped (CI would stop here)."
}

if ! command -v pg_isready >/dev/null 2>&1; then
  ci_missing "PostgreSQL cannot be asked (pg_isready is not installed)" \
    "to run every database test on PostgreSQL as well as SQLite"
elif pg_isready -q -h 127.0.0.1 -p 5432; then
  export COMPANION_TEST_DATABASE_URL="${COMPANION_TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
  echo "PostgreSQL answers: the suite also runs against $COMPANION_TEST_DATABASE_URL"
else
  ci_missing "PostgreSQL did not answer on 127.0.0.1:5432 (pg_isready)" \
    "to run every database test on PostgreSQL as well as SQLite"
fi

if ! command -v redis-cli >/dev/null 2>&1; then
  ci_missing "Redis cannot be asked (redis-cli is not installed)" \
    "for the rate limits and live boards that workers share through it"
elif redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  export COMPANION_TEST_REDIS_URL="${COMPANION_TEST_REDIS_URL:-redis://127.0.0.1:6379/15}"
  echo "Redis answers: the tests of shared limits and live boards use $COMPANION_TEST_REDIS_URL"
else
  ci_missing "Redis did not answer on 127.0.0.1:6379 (redis-cli ping)" \
    "for the rate limits and live boards that workers share through it"
fi

# Outside CI, `make test` installs Chromium when it can (scripts/ensure-chromium.sh) and its
# browser tests skip otherwise; CI installs it now and checks that it starts.
if ci_strict; then
  bash "$(dirname "${BASH_SOURCE[0]}")/ensure-chromium.sh"
  if ! /usr/bin/chromium --version >/dev/null 2>&1; then
    ci_missing "Chromium did not start at /usr/bin/chromium (chromium --version)" \
      "for the real-browser tests, which skip without it"
  fi
fi
