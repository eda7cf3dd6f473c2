#!/usr/bin/env bash
# The include rules the build cannot see. The compiler enforces the big arrows: every area is
# its own library built with ADES_AREA_LIBRARY, which the host's and the channels' headers refuse
# (host/NotInAreas.h), and only ades_ui links Widgets. This script adds the rest.
cd "$(dirname "$0")/.."
rc=0
deny() { grep -rnE "^#include [<\"]($2)" "${@:3}" "$1" && { echo "layering: $1 must not include $2"; rc=1; }; }
# Areas reach the service only through area/: no channel, host or HTTP.
deny service/ops 'channels/|host/|http/' --exclude=AreaList.cpp
# The HTTP primitives know nothing above them.
deny service/http 'channels/|host/|store/|ops/|payments/'
# Channels are adapters: they never name an area.
deny service/channels 'ops/'
# The host composes areas only through the list in ops/AreaList.h.
deny service/host 'ops/[a-z]+/'
# Payments, store, upstream and the catalog sit below channels, host and areas.
deny service/payments 'channels/|host/|ops/'
deny service/store 'channels/|host/|ops/|payments/'
deny service/catalog 'channels/|host/|ops/|http/'
# The console talks to the service through ServiceHost's signals and read models only.
deny ui 'channels/|payments/|upstream/|ops/|store/(Store|Database|ApiKeys|Quotas|CallLog|ReceiptArchive|PaymentLedger|Jobs)\.h'
# The command line names no area; it finds the areas' commands through ops/AreaList.h.
deny app 'ops/[a-z]+/'
deny service 'secp256k1|openssl/' --exclude-dir=crypto --exclude=ConstantTime.cpp
exit $rc
