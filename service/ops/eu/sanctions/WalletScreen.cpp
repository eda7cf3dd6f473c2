#include "WalletScreen.h"

#include "SanctionsLists.h"

#include <QJsonArray>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::eu {

Handler makeWalletScreenHandler(const SanctionsLists &lists)
{
    return [&lists](const QJsonObject &arguments, const CallContext &, Completion done) {
        const QString address = arguments.value(u"address"_s).toString().toLower();
        const std::shared_ptr<const SanctionsIndex> index = lists.index();
        if (!index)
            return done(ServiceError::sourceUnavailable(u"sanctions_lists"_s,
                u"No sanctions list is loaded: the address cannot be screened. Nothing was charged."_s));
        // Looked up in the index's table of named wallets, built with the index, not by walking every entry.
        const qsizetype known = index->walletCount();
        QJsonArray hits;
        QList<int> naming = index->entriesNamingWallet(address);
        std::sort(naming.begin(), naming.end());
        for (int e : naming) {
            const SanctionsEntry &entry = index->entries().at(e);
            hits.append(QJsonObject {
                { u"list"_s, SanctionsEntry::listCode(entry.list) },
                { u"reference"_s, entry.reference },
                { u"name"_s, entry.displayName() },
                { u"subject_type"_s, SanctionsEntry::subjectTypeCode(entry.subjectType) },
                { u"programme"_s, entry.programme },
                { u"list_date"_s, entry.listDate },
            });
        }
        if (known == 0)
            return done(ServiceError::sourceUnavailable(u"sanctions_wallets"_s,
                u"The loaded sanctions lists name no wallet address (only the official UK list does, in its "
                "free text): the address cannot be screened. Nothing was charged."_s));
        QJsonArray loaded;
        for (SanctionsEntry::List list : index->loadedLists())
            loaded.append(QJsonObject { { u"list"_s, SanctionsEntry::listCode(list) },
                { u"generation_date"_s, index->generationDate(list) } });
        done(OperationResult {
            QJsonObject {
                { u"address"_s, address },
                { u"listed"_s, !hits.isEmpty() },
                { u"hits"_s, hits },
                { u"addresses_named_by_lists"_s, qint64(known) },
                { u"lists"_s, loaded },
            },
            address,
        });
    };
}

} // namespace ades::eu
