#include "CounterpartyScreen.h"

#include "catalog/Catalog.h"
#include "catalog/OperationCall.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

CounterpartyScreen::CounterpartyScreen(const Catalog &catalog)
    : m_catalog(catalog)
{ }

QString CounterpartyScreen::operationId()
{
    return u"eu.sanctions.screen"_s;
}

void CounterpartyScreen::screen(const QString &address, std::function<void(Result<QJsonObject>)> done) const
{
    // A high threshold: an address is one token, and only a near-identical listed string is a hit.
    const QJsonObject args { { u"name"_s, address }, { u"threshold"_s, 0.95 } };
    const Catalog &catalog = m_catalog;
    callOperation(
        catalog, operationId(), args, u"sanctions_lists"_s, [done, address, &catalog](Outcome text) {
            // Then the wallet addresses the lists name (eu.sanctions.wallet), whatever the text screen said:
            // a list that names the address answers exactly, which the text screen cannot. Its absence is
            // said.
            callOperation(catalog, walletOperationId(), QJsonObject { { u"address"_s, address } },
                u"sanctions_lists"_s, [done, text](Outcome lookup) {
                    const bool listed = lookup.ok() && lookup.value().data.value(u"listed"_s).toBool();
                    if (!text.ok() && !listed)
                        return done(text.error());
                    QJsonObject screened = text.ok()
                        ? text.value().data.object()
                        : QJsonObject { { u"result"_s, u"not_screened"_s },
                              { u"text_screen_unavailable"_s, text.error().message() } };
                    screened.insert(u"wallet"_s,
                        lookup.ok() ? lookup.value().data.object()
                                    : QJsonObject { { u"unavailable"_s, lookup.error().message() } });
                    done(screened);
                });
        });
}

QString CounterpartyScreen::walletOperationId()
{
    return u"eu.sanctions.wallet"_s;
}

} // namespace ades::chain
