#include "GasBoard.h"

#include "BriefSettings.h"
#include "catalog/OperationCall.h"
#include "core/CallGroup.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonObject chainGas(const QJsonObject &estimate)
{
    const QJsonObject fees = estimate.value(u"fees"_s).toObject();
    return {
        { u"chain"_s, estimate.value(u"chain"_s) },
        { u"chain_id"_s, estimate.value(u"chain_id"_s) },
        { u"gas_price_gwei"_s, fees.value(u"gas_price_gwei"_s) },
        { u"base_fee_gwei"_s, fees.value(u"base_fee_gwei"_s) },
        { u"priority_fee_gwei"_s, fees.value(u"priority_fee_gwei"_s) },
        { u"observed_block"_s, estimate.value(u"observed_block"_s) },
        { u"excluded_components"_s, estimate.value(u"excluded_components"_s) },
        { u"source"_s, estimate.value(u"sources"_s).toArray().first() },
    };
}

} // namespace

GasBoard::GasBoard(const MarketServices &services)
    : m_services(services)
{ }

QString GasBoard::operationId()
{
    return u"chain.gas.estimate"_s;
}

QString GasBoard::missingSource()
{
    return u"chain-area"_s;
}

void GasBoard::read(std::function<void(Result<Board>)> done) const
{
    const QStringList chains
        = m_services.settings.get(BriefSettings::GasChains).split(u',', Qt::SkipEmptyParts);
    if (chains.isEmpty())
        return done(ServiceError::sourceUnavailable(
            missingSource(), u"No chains are configured (market/gas/chains)."_s));
    auto answers = std::make_shared<QList<Outcome>>(chains.size(), Outcome(ServiceError()));
    auto group = CallGroup::start(int(chains.size()), [answers, chains, done]() {
        Board board;
        std::optional<ServiceError> missingArea;
        for (qsizetype i = 0; i < chains.size(); ++i) {
            const Outcome &answer = (*answers)[i];
            if (answer.ok()) {
                board.chains.append(chainGas(answer.value().data));
                continue;
            }
            if (answer.error().missing().contains(missingSource()))
                missingArea = answer.error();
            board.unavailable.append(QJsonObject {
                { u"chain"_s, chains[i].trimmed() }, { u"reason"_s, answer.error().message() } });
        }
        if (board.chains.isEmpty())
            return done(missingArea ? *missingArea
                                    : ServiceError::sourceUnavailable(missingSource(),
                                        u"No chain answered the gas query. Nothing was charged."_s)
                                          .setExtra(u"unavailable"_s, board.unavailable));
        done(board);
    });
    for (qsizetype i = 0; i < chains.size(); ++i)
        callOperation(m_services.catalog, operationId(), { { u"chain"_s, chains[i].trimmed() } },
            missingSource(), [answers, i, group](Outcome outcome) {
                (*answers)[i] = std::move(outcome);
                group->arrive();
            });
}

} // namespace ades::market
