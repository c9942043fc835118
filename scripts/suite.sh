#!/bin/bash
# One test suite under its time budget, and how long it took (issue: each budget keeps a third to spare):
#   scripts/suite.sh NAME BUDGET_SECONDS COMMAND...
name=$1
budget=$2
shift 2
start=$(date +%s)
timeout "$budget" "$@"
status=$?
took=$(($(date +%s) - start))
if [ "$status" -eq 0 ]; then
  echo "suite $name: $took s of its $budget s budget"
else
  echo "suite $name: failed (exit $status) after $took s of its $budget s budget"
fi
exit "$status"
