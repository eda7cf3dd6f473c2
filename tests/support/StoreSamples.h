#pragma once

#include "store/StoredReceipt.h"

#include <QDateTime>
#include <QString>

namespace ades::test {

// The fixed "now" of the store tests: 2025-03-14 09:30 UTC.
QDateTime storeTestTime();
// A receipt issued at storeTestTime(), valid for a year, whose JSON names the subject; its signature is
// derived from the hash and the subject.
StoredReceipt sampleReceipt(
    const QString &resultHash, const QString &subject = QStringLiteral("DE811907980"));
// "0x" + 64 hex digits of `serial`: a distinct result hash per serial.
QString resultHashOf(int serial);

} // namespace ades::test
