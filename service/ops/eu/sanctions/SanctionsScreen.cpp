#include "SanctionsScreen.h"

#include "SanctionsLists.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

SanctionsEntry::List listFromKey(const QString &key)
{
    if (key == u"un"_s)
        return SanctionsEntry::List::Un;
    if (key == u"uk"_s)
        return SanctionsEntry::List::Uk;
    return SanctionsEntry::List::Eu;
}

} // namespace

Handler makeSanctionsScreenHandler(const SanctionsLists &lists, const Clock &clock)
{
    return [&lists, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const std::shared_ptr<const SanctionsIndex> index = lists.index();
        const QStringList wanted = args.value(u"lists"_s).toString().split(u',', Qt::SkipEmptyParts);
        QStringList missing;
        const QList<SanctionsEntry::List> loaded
            = index ? index->loadedLists() : QList<SanctionsEntry::List> {};
        SanctionsQuery query;
        for (const QString &key : wanted) {
            const SanctionsEntry::List list = listFromKey(key);
            if (!loaded.contains(list))
                missing.append(key);
            if (!query.lists.contains(list))
                query.lists.append(list);
        }
        if (!missing.isEmpty())
            return done(ServiceError::sourceUnavailable(u"sanctions_lists"_s,
                u"The sanctions list(s) %1 are not loaded on this server, so screening cannot say "
                "there is no match. Nothing was charged."_s.arg(missing.join(u", "_s)))
                            .setMissing(missing));

        query.name = args.value(u"name"_s).toString();
        query.country = args.value(u"country"_s).toString().toUpper();
        query.birthDate = args.value(u"birth_date"_s).toString();
        query.threshold = args.value(u"threshold"_s).toDouble();
        query.limit = args.value(u"limit"_s).toInt();
        const QList<SanctionsHit> hits = index->screen(query);

        QJsonArray hitArray;
        for (const SanctionsHit &hit : hits)
            hitArray.append(hit.toJson());
        QJsonArray screened;
        for (SanctionsEntry::List list : std::as_const(query.lists)) {
            screened.append(QJsonObject { { u"list"_s, SanctionsEntry::listCode(list) },
                { u"generation_date"_s, index->generationDate(list) },
                { u"entries"_s, index->entryCount(list) } });
        }
        QJsonObject result {
            { u"name"_s, query.name },
            { u"country"_s, query.country.isEmpty() ? QJsonValue() : QJsonValue(query.country) },
            { u"threshold"_s, query.threshold },
            { u"result"_s, hits.isEmpty() ? u"no_match"_s : u"potential_match"_s },
            { u"hit_count"_s, qint64(hits.size()) },
            { u"hits"_s, hitArray },
            { u"lists_screened"_s, screened },
            { u"screened_at"_s, isoUtc(clock.now()) },
            { u"disclaimer"_s,
                u"Fuzzy name screening against the official lists named above, as of their generation "
                "dates. A hit is a candidate for human review, not a determination; no hit is not a "
                "clearance beyond these lists."_s },
        };
        done(OperationResult { result, query.name });
    };
}

} // namespace ades::eu
