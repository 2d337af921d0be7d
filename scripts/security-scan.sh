#!/usr/bin/env bash
# Security scans against a throwaway instance of the production build: sqlmap on every public
# form and the admin list searches (signed in as an owner), then nikto on the whole site.
# Reports go to security-reports/<UTC timestamp>/, with summary.md on top.
#
#   npm run security:scan
#
# Needs: sqlmap (apt-get install sqlmap); nikto is optional (Debian non-free: apt-get install nikto),
# skipped with a message when absent. Never touches ./data or DATABASE_URL: the instance runs on
# a temporary embedded database filled with demo data, on loopback, on a free port.
#
# Knobs (environment):
#   SQLMAP_LEVEL (3), SQLMAP_RISK (2), SQLMAP_TARGET_SECONDS (150, the cap for each target)
#   SQLMAP_FORM_LEVEL (1, for the application and travel forms: every accepted payload stores a row,
#     encrypts or queues email, so level 3 on the application form alone takes 7+ minutes)
#   NIKTO_MAXTIME (240 s), CLIENT_DIR (dist/client; built with npm run build when missing)
#   SECURITY_REPORTS_DIR (security-reports)
# Exits 1 when sqlmap finds an injectable parameter or the app answered any request with a 5xx.
set -euo pipefail

cd "$(dirname "$0")/.."
started_at=$(date +%s)
stamp=$(date -u +%Y%m%dT%H%M%SZ)
reports=${SECURITY_REPORTS_DIR:-security-reports}/$stamp
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)

sqlmap_level=${SQLMAP_LEVEL:-3}
sqlmap_risk=${SQLMAP_RISK:-2}
sqlmap_target_seconds=${SQLMAP_TARGET_SECONDS:-150}
sqlmap_form_level=${SQLMAP_FORM_LEVEL:-1}
nikto_maxtime=${NIKTO_MAXTIME:-240}
client_dir=${CLIENT_DIR:-dist/client}

say() { printf '\n==> %s\n' "$*"; }
die() {
  printf 'security-scan: %s\n' "$*" >&2
  exit 1
}

command -v sqlmap >/dev/null || die "sqlmap is not installed (apt-get install -y sqlmap)"
command -v curl >/dev/null || die "curl is not installed"
command -v python3 >/dev/null || die "python3 is not installed (sqlmap needs it too)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
json_get() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {'d': d}))" "$1"; }

# --- the instance ------------------------------------------------------------------------------
if [[ ! -f $client_dir/index.html ]]; then
  say "No production build in $client_dir: npm run build"
  npm run build >"$reports/build.log" 2>&1 || die "build failed, see $reports/build.log"
  client_dir=dist/client
fi

data_dir=$(mktemp -d /tmp/retreat-security-scan.XXXXXX)
port=$(free_port)
proxy_port=$(free_port)
base=http://127.0.0.1:$port
server_pid=""
proxy_pid=""
cleanup() {
  [[ -n $proxy_pid ]] && kill "$proxy_pid" 2>/dev/null || true
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Empty values win over ./.env (loadDotEnv keeps what is already set) and count as unset, so the
# scan can never reach a real database, mail server or payment account.
export DATABASE_URL="" SMTP_URL="" STRIPE_SECRET_KEY="" STRIPE_WEBHOOK_SECRET="" OIDC_ISSUER="" \
  OIDC_CLIENT_ID="" OIDC_CLIENT_SECRET="" CALENDLY_WEBHOOK_SIGNING_KEY="" SESSION_SECRET="" DATA_ENCRYPTION_KEY=""
export NODE_ENV=development DATA_DIR=$data_dir PORT=$port HOST=127.0.0.1 PUBLIC_URL=$base \
  CLIENT_DIR=$client_dir LOG_LEVEL=info TRUST_PROXY=127.0.0.1

say "Demo data and an owner in $data_dir"
owner_email=security-scan@example.com
owner_password=$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')
npm run --silent seed:demo -- --applications 300 --subscribers 300 >"$reports/seed.log" 2>&1 ||
  die "seeding failed, see $reports/seed.log"
npm run --silent user:create -- --email "$owner_email" --password "$owner_password" --role owner \
  >>"$reports/seed.log" 2>&1 || die "user:create failed, see $reports/seed.log"

say "Starting the app on $base"
node --import tsx src/server/main.ts >"$reports/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || die "the app stopped during start-up, see $reports/server.log"
  sleep 0.5
done
curl -fsS "$base/readyz" >/dev/null || die "the app did not become ready, see $reports/server.log"

node scripts/security/client-address-proxy.mjs "$proxy_port" "$base" >"$reports/proxy.log" 2>&1 &
proxy_pid=$!

same_origin=(-H "Origin: $base" -H "Sec-Fetch-Site: same-origin")
cookie_jar=$reports/.cookies
curl -fsS "${same_origin[@]}" -c "$cookie_jar" -H 'content-type: application/json' \
  -d "{\"username\":\"$owner_email\",\"password\":\"$owner_password\"}" "$base/api/auth/login" >/dev/null ||
  die "could not sign in as the owner"
session_cookie=$(awk '$6 ~ /rhq_session$/ { print $6 "=" $7 }' "$cookie_jar")
rm -f "$cookie_jar"
[[ -n $session_cookie ]] || die "no session cookie after sign-in"

admin_get() { curl -fsS -H "Cookie: $session_cookie" "$base$1"; }
retreat_id=$(curl -fsS "$base/api/current-retreat" | json_get "d['id']")
accepted_id=$(admin_get "/api/admin/applications?stage=accepted&pageSize=1" | json_get "d['items'][0]['id']")
# A real preferences token makes true and false conditions answer differently (200 vs 404),
# which boolean-based tests need: take one from a welcome email in the outbox.
curl -fsS "${same_origin[@]}" -H 'content-type: application/json' \
  -d '{"name":"Scan Probe","email":"scan-probe@example.com","website":""}' "$base/api/waitlist" >/dev/null
log_id=$(admin_get "/api/admin/email-logs?search=scan-probe%40example.com" | json_get "d['items'][0]['id']")
token=$(admin_get "/api/admin/email-logs/$log_id" | python3 -c 'import re,sys; print(re.search(r"/email/preferences/([A-Za-z0-9_-]{16,128})", sys.stdin.read()).group(1))')

# --- sqlmap ------------------------------------------------------------------------------------
sqlmap_common=(
  --batch --disable-coloring --flush-session --dbms=PostgreSQL
  --level="$sqlmap_level" --risk="$sqlmap_risk" --time-sec=2 --threads=4 --timeout=15 --retries=1
  --proxy="http://127.0.0.1:$proxy_port" --output-dir="$reports/sqlmap"
  --headers=$'Origin: '"$base"$'\nSec-Fetch-Site: same-origin'
)
declare -a target_names=()
declare -A target_verdict=()

scan() {
  local name=$1
  shift
  say "sqlmap: $name"
  target_names+=("$name")
  local log=$reports/sqlmap-$name.log
  local status=0
  local limit=${target_limit:-$sqlmap_target_seconds}
  timeout -k 5 "$limit" sqlmap "${sqlmap_common[@]}" "$@" >"$log" 2>&1 || status=$?
  if grep -qE 'is vulnerable|appears to be injectable|sqlmap identified the following injection point' "$log"; then
    target_verdict[$name]="INJECTABLE (read $log)"
  elif grep -q 'do not appear to be injectable' "$log"; then
    target_verdict[$name]="not injectable"
  elif [[ $status -eq 124 || $status -eq 137 ]]; then
    target_verdict[$name]="stopped at the ${limit} s limit, nothing found until then"
  else
    target_verdict[$name]="inconclusive (exit $status, read $log)"
  fi
  printf '    %s\n' "${target_verdict[$name]}"
}

# The searches first: the forms below fill the outbox, and a list that changes between two
# identical requests makes sqlmap's page comparison slow and noisy.
scan admin-applications-search \
  -u "$base/api/admin/applications?search=ana&stage=all&sort=submittedAt&order=desc&page=1&pageSize=25" \
  --cookie="$session_cookie" -p search,stage,sort,order,page,pageSize
scan admin-subscribers-search \
  -u "$base/api/admin/email-subscribers?search=ana&segment=all&status=all&tag=&page=1&pageSize=25" \
  --cookie="$session_cookie" -p search,segment,status,tag,page
scan admin-email-logs-search -u "$base/api/admin/email-logs?search=ana&status=all&page=1" \
  --cookie="$session_cookie" -p search,status,page

json=(-H 'Content-Type: application/json')
scan waitlist -u "$base/api/waitlist" "${json[@]}" \
  --data '{"name":"Ada Lovelace","email":"ada@example.com","website":""}'
# Its free-text fields; the others are enums, booleans, a uuid and the honeypot, which the schema
# refuses with 400 before any SQL for anything but their exact allowed values.
text_fields=firstName,lastName,email,phone,city,country,instagramHandle,linkedinUrl,websiteUrl
text_fields+=,motivations,advocacyInvolvement,dietaryNotes,additionalInfo
target_limit=300 scan application --level="$sqlmap_form_level" -p "$text_fields" \
  -u "$base/api/application" "${json[@]}" \
  --data "{\"retreatId\":\"$retreat_id\",\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"ada@example.com\",\"phone\":\"+441234567890\",\"city\":\"London\",\"country\":\"United Kingdom\",\"instagramHandle\":\"@ada\",\"linkedinUrl\":\"https://linkedin.com/in/ada\",\"websiteUrl\":\"https://ada.example\",\"motivations\":\"I want to learn how to campaign better for animals and meet people who do the same.\",\"advocacyInvolvement\":\"Five years of street outreach and local organising.\",\"roomPreference\":\"private\",\"dietaryNotes\":\"none\",\"additionalInfo\":\"\",\"consentGdpr\":true,\"consentMarketing\":false,\"website\":\"\"}"
target_limit=300 scan travel-form --level="$sqlmap_form_level" -u "$base/api/travel-compliance" "${json[@]}" \
  --data "{\"applicationId\":\"$accepted_id\",\"insuranceProvider\":\"World Nomads\",\"insurancePolicyNumber\":\"WN-123456\",\"insuranceExpiryDate\":\"2030-01-01\",\"outboundFlightNumber\":\"GA401\",\"emergencyContactName\":\"Grace Hopper\",\"emergencyContactRelationship\":\"Friend\",\"emergencyContactPhone\":\"+441234567890\",\"emergencyContactEmail\":\"grace@example.com\",\"passportNumber\":\"123456789\",\"passportExpiryDate\":\"2031-01-01\",\"nationality\":\"British\",\"allergies\":\"none\",\"specialRequests\":\"none\"}"
scan email-preferences -u "$base/api/email/preferences/$token*" "${json[@]}" \
  --data '{"applicationEmails":true,"marketingEmails":false,"systemNotifications":true}'
scan email-unsubscribe -u "$base/api/email/unsubscribe/$token*" "${json[@]}" \
  --data '{"emailType":"marketing","reason":"too many emails"}'
# 401 (wrong password) and 429 (the per-account lockout after 5 failures) are normal answers here.
scan login --ignore-code=401,429 -u "$base/api/auth/login" "${json[@]}" --data '{"username":"someone@example.com","password":"not the password"}'
# --- nikto -------------------------------------------------------------------------------------
nikto_verdict="skipped: nikto is not installed (Debian non-free: add non-free to Components in /etc/apt/sources.list.d/debian.sources, apt-get update, apt-get install -y nikto)"
if command -v nikto >/dev/null; then
  say "nikto (at most $nikto_maxtime s)"
  # Never send anything to the nikto project (UPDATES), and point the remote-include probe at
  # loopback instead of an outside host.
  sed -e 's/^UPDATES=.*/UPDATES=no/' -e 's|^RFIURL=.*|RFIURL=http://127.0.0.1/rfiinc.txt?|' \
    /etc/nikto/config.txt >"$reports/nikto.conf"
  nikto -config "$reports/nikto.conf" -ask no -nointeractive -host 127.0.0.1 -port "$port" \
    -maxtime "${nikto_maxtime}s" -Format txt -output "$reports/nikto.txt" >"$reports/nikto.log" 2>&1 || true
  nikto_items=$(grep -c '^+ ' "$reports/nikto.txt" 2>/dev/null || true)
  nikto_verdict="$nikto_items lines reported, read $reports/nikto.txt"
fi

# --- summary -----------------------------------------------------------------------------------
requests=$(grep -c '"msg":"request completed"' "$reports/server.log" || true)
server_errors=$(grep -c '"statusCode":5[0-9][0-9]' "$reports/server.log" || true)
elapsed=$(($(date +%s) - started_at))
{
  echo "# Security scan $stamp"
  echo
  echo "- Target: production build on a temporary embedded database with demo data, $base"
  echo "- sqlmap $(sqlmap --version 2>/dev/null | head -1), level $sqlmap_level (application and travel forms: $sqlmap_form_level), risk $sqlmap_risk, PostgreSQL payloads"
  echo "- Requests the app answered: $requests; answers with a 5xx status: $server_errors"
  echo "- Took ${elapsed} s"
  echo
  echo "## sqlmap"
  echo
  echo "| target | verdict |"
  echo "| --- | --- |"
  for name in "${target_names[@]}"; do echo "| $name | ${target_verdict[$name]} |"; done
  echo
  echo "## nikto"
  echo
  echo "$nikto_verdict"
  if [[ -f $reports/nikto.txt ]]; then
    echo
    echo '```'
    grep '^+ ' "$reports/nikto.txt" || true
    echo '```'
  fi
} >"$reports/summary.md"

say "Summary ($reports/summary.md)"
cat "$reports/summary.md"
if grep -q INJECTABLE "$reports/summary.md" || [[ $server_errors -gt 0 ]]; then
  echo
  echo "security-scan: findings above need a look (injectable parameters or 5xx answers)." >&2
  exit 1
fi
