// Fuzz target: a PAYMENT-SIGNATURE header as the payment gate reads it, through the local pre-checks of
// both schemes against fixed offers (an EVM network and a Solana one). Input: the raw header value.

#include "core/Settings.h"
#include "payments/ExactEvmPrecheck.h"
#include "payments/ExactSvmPrecheck.h"
#include "payments/X402Offers.h"

#include <QJsonObject>
#include <cstdint>

namespace {

const QList<QJsonObject> &offers()
{
    static const QList<QJsonObject> list = [] {
        const ades::Settings settings = ades::Settings::fromValues(QString(),
            { { QStringLiteral("x402/payto_evm"),
                  QStringLiteral("0x1111111111111111111111111111111111111111") },
                { QStringLiteral("x402/payto_solana"),
                    QStringLiteral("7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV") },
                { QStringLiteral("x402/solana_fee_payer"),
                    QStringLiteral("CKPKJWNdJEqa81x7CkZ14BVPiY6y16Sxs7owznqtWYp5") },
                { QStringLiteral("x402/networks"), QStringLiteral("base,solana") } });
        return ades::x402::X402Offers(settings).requirements(ades::Usdc::atomicUnits(2000));
    }();
    return list;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray header(reinterpret_cast<const char *>(data), qsizetype(size));
    // The raw bytes as a decoded payload too, so the pre-checks see JSON directly and not only base64.
    for (const QByteArray &value : { header, header.toBase64() }) {
        const ades::Result<QJsonObject> payment = ades::x402::X402Offers::decodeHeader(value);
        if (!payment.ok())
            continue;
        const auto evm = ades::x402::ExactEvmPrecheck::check(payment.value(), offers(), 1'800'000'000);
        const auto svm = ades::x402::ExactSvmPrecheck::check(payment.value(), offers());
        // A payload accepted by a pre-check always names the requirement it matched.
        if ((evm.ok && evm.requirement.isEmpty()) || (svm.ok && svm.requirement.isEmpty()))
            __builtin_trap();
    }
    return 0;
}
