#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <functional>

namespace ades {
class Catalog;
}

namespace ades::chain {

// The sanctions screen of a preflight's counterparty, run by the service's sanctions engine through its
// catalog operation (eu.sanctions.screen), the way every channel runs it: the chain area never reaches
// into the EU area's classes. The address is screened as text against every listed name and identifier, and
// looked up among the wallet addresses the lists name (eu.sanctions.wallet; the UK list names some in its
// free text), under "wallet" in the result; the result says when that lookup could not run.
class CounterpartyScreen
{
public:
    explicit CounterpartyScreen(const Catalog &catalog);

    static QString operationId(); // "eu.sanctions.screen"
    static QString walletOperationId(); // "eu.sanctions.wallet": the addresses the lists name
    // The screen's result, or why it could not run (lists not loaded, no sanctions operation). `done`
    // runs once, on the calling thread.
    void screen(const QString &address, std::function<void(Result<QJsonObject>)> done) const;

private:
    const Catalog &m_catalog;
};

} // namespace ades::chain
