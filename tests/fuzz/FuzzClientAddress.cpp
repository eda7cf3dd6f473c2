// Fuzz target: X-Forwarded-For and the trusted-proxy list, the outside input behind every per-address limit.
// Input: "TRUSTED\nFORWARDED" (no newline: all of it is X-Forwarded-For).

#include "http/ClientAddress.h"

#include <QHostAddress>
#include <QLoggingCategory>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // A refused trusted-proxy entry is logged; thousands of them would drown the run's own report.
    static const bool quiet = [] {
        QLoggingCategory::setFilterRules(QStringLiteral("ades.*=false"));
        return true;
    }();
    Q_UNUSED(quiet);
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype newline = input.indexOf('\n');
    const QString trusted
        = newline < 0 ? QStringLiteral("127.0.0.1, 10.0.0.0/8, ::1") : QString::fromUtf8(input.left(newline));
    const QByteArray forwarded = newline < 0 ? input : input.mid(newline + 1);
    const ades::ClientAddress client(trusted);
    for (const QHostAddress &peer :
        { QHostAddress(QHostAddress::LocalHost), QHostAddress(QStringLiteral("10.1.2.3")),
            QHostAddress(QStringLiteral("::ffff:10.0.0.9")), QHostAddress(QStringLiteral("203.0.113.5")) }) {
        const QHostAddress address = client.of(peer, forwarded);
        // Whatever the header says, the answer is an address the counter can key on, or the peer.
        if (address.isNull())
            __builtin_trap();
        (void)ades::ClientAddress::quotaKey(address);
    }
    return 0;
}
