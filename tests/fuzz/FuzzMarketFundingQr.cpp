// Fuzz target: the arguments of market.funding_qr beyond their schema (asset, exact decimal amount, Base
// address with EIP-55, client IP) and Coinbase Onramp's session-token answer.
// Input: "ASSET\nAMOUNT\nADDRESS\nCLIENT_IP" (missing lines are absent arguments); the whole input is also
// read as an amount, an address and a token answer.

#include "ops/market/fundingqr/Eip681Uri.h"
#include "ops/market/fundingqr/FundingAmount.h"
#include "ops/market/fundingqr/FundingAsset.h"
#include "ops/market/fundingqr/FundingRequest.h"
#include "ops/market/fundingqr/OnrampSession.h"

#include <QJsonObject>
#include <cstdint>

using namespace ades;
using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(input);
    const FundingLimits limits { Usdc::atomicUnits(5'000'000), Usdc::atomicUnits(500'000'000) };

    // An amount read is exact: its canonical decimal reads back to the same units.
    const FundingAmount::Parsed amount = FundingAmount::parse(text);
    if (amount.amount) {
        if (amount.problem != FundingAmount::Problem::None || amount.amount->units() < 0)
            __builtin_trap();
        const FundingAmount::Parsed again = FundingAmount::parse(amount.amount->toDecimalString());
        if (!again.amount || again.amount->units() != amount.amount->units())
            __builtin_trap();
    } else if (amount.problem == FundingAmount::Problem::None) {
        __builtin_trap();
    }

    const QStringList lines = text.split(u'\n');
    const QStringList names { QStringLiteral("asset"), QStringLiteral("amount"), QStringLiteral("address"),
        QStringLiteral("client_ip") };
    QJsonObject arguments;
    for (qsizetype i = 0; i < names.size() && i < lines.size(); ++i)
        arguments.insert(names[i], lines[i]);
    const Result<FundingRequest> request = FundingRequest::parse(arguments, limits);
    if (request.ok()) {
        const FundingRequest &r = request.value();
        // Accepted means: a known asset, within the limits, a 20-byte address, and a URI that says so.
        if (!r.asset || r.amount.units() < limits.minimum.units() || r.amount.units() > limits.maximum.units()
            || r.address.bytes().size() != 20)
            __builtin_trap();
        const QString uri = Eip681Uri::transfer(*r.asset, r.address, r.amount);
        if (!uri.endsWith(QStringLiteral("&uint256=") + r.amount.toAtomicString()))
            __builtin_trap();
        (void)OnrampSession::requestBody(r);
    } else if (request.error().param().isEmpty() || request.error().httpStatus() != 422) {
        __builtin_trap();
    }

    for (const int status : { 200, 401, 500 }) {
        const OnrampSession::Answer answer = OnrampSession::read(status, input);
        // Exactly one of token and problem; a token is bounded printable text.
        if (answer.token.isEmpty() == answer.problem.isEmpty()
            || answer.token.size() > OnrampSession::MaxTokenLength)
            __builtin_trap();
        for (const QChar c : QString(answer.token + answer.problem)) {
            if (c.unicode() < 0x20 || c.unicode() >= 0x7f)
                __builtin_trap();
        }
    }
    return 0;
}
