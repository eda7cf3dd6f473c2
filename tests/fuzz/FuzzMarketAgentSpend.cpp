// Fuzz target: what market.agent_spend reads from outside: an ECB reference-rates document (EcbRates, then
// the euro amount at the rates it accepted) and eth_getLogs results (TransferLog). Input: raw bytes, read as
// the XML and, when it is JSON, as one log or an array of logs.
// Checked: never a crash; an accepted document has ordered days and only rates EurAmount can use; a
// decoded transfer has two 20-byte addresses, a non-negative amount and no problem, a refused one a reason.

#include "ops/market/agentspend/EcbRates.h"
#include "ops/market/agentspend/EurAmount.h"
#include "ops/market/agentspend/TransferLog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstdint>

using namespace ades::market;

namespace {

void checkLog(const QJsonObject &log)
{
    const TransferLog::Decoded d
        = TransferLog::decode(log, QStringLiteral("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"));
    if (d.transfer.has_value() == !d.problem.isEmpty())
        __builtin_trap();
    if (d.transfer
        && (d.transfer->from.size() != 42 || d.transfer->to.size() != 42 || d.transfer->amount < 0
            || d.transfer->txHash.size() != 66))
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));

    const ades::Result<EcbRates> rates = EcbRates::parse(bytes, QStringLiteral("USD"));
    if (rates.ok()) {
        const EcbRates &r = rates.value();
        if (!r.firstDay().isValid() || r.firstDay() > r.lastDay())
            __builtin_trap();
        if (const auto rate = r.rateOn(r.lastDay())) {
            if (rate->publishedOn > r.lastDay() || !EurAmount::centsOf(1'000'000, rate->rate))
                __builtin_trap();
        }
    } else if (rates.error().httpStatus() != 503) {
        __builtin_trap();
    }

    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (doc.isObject())
        checkLog(doc.object());
    for (const QJsonValue &log : doc.array())
        checkLog(log.toObject());
    return 0;
}
