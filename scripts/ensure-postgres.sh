#!/usr/bin/env bash
# Makes sure the machine's PostgreSQL server answers on 127.0.0.1:5432, starting it if it is down.
set -euo pipefail
host="${PGHOST:-127.0.0.1}"; port="${PGPORT:-5432}"
if pg_isready -q -h "$host" -p "$port"; then exit 0; fi
echo "PostgreSQL is not answering on $host:$port; starting it..."
version="$(ls /etc/postgresql | sort -V | tail -n 1)"
pg_ctlcluster --skip-systemctl-redirect "$version" main start
for _ in $(seq 1 30); do
  pg_isready -q -h "$host" -p "$port" && exit 0
  sleep 1
done
echo "PostgreSQL did not come up on $host:$port" >&2
exit 1
