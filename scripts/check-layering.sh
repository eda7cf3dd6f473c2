#!/usr/bin/env bash
# The include rules inside one build target (STYLE.md §2): ops never reach channels or http, the console
# never reaches channels/payments/store internals/upstream, and only crypto/ sees secp256k1 or OpenSSL.
cd "$(dirname "$0")/.."
rc=0
deny() { grep -rnE "^#include [<\"]($2)" "${@:3}" "$1" && { echo "layering: $1 must not include $2"; rc=1; }; }
deny service/ops 'channels/|http/'
deny ui 'channels/|payments/|upstream/|store/(Store|Database|ApiKeys|Quotas|CallLog|ReceiptArchive|PaymentLedger|Jobs)\.h'
deny service 'secp256k1|openssl/' --exclude-dir=crypto --exclude=ConstantTime.cpp
exit $rc
