#include "RecallFinding.h"

#include "ops/us/readiness/ImportInput.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

bool mentions(const QStringList &texts, const QString &needle)
{
    for (const QString &t : texts) {
        if (t.contains(needle, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

// UPC-A is a GTIN-13 with a leading zero: compare without leading zeros.
QString gtinKey(const QString &code)
{
    QString digits;
    for (const QChar c : code) {
        if (c.isDigit())
            digits.append(c);
    }
    while (digits.startsWith(u'0'))
        digits.remove(0, 1);
    return digits;
}

QStringList matchedOn(const ImportInput &in, const RecallRecord &r)
{
    QStringList on;
    const QStringList everywhere = QStringList { r.title } + r.productNames + r.manufacturers;
    if (!in.brand.isEmpty() && mentions(everywhere, in.brand))
        on.append(u"brand"_s);
    if (!in.model.isEmpty() && (mentions(r.models, in.model) || mentions(everywhere, in.model)))
        on.append(u"model"_s);
    if (!in.gtin.isEmpty()) {
        for (const QString &upc : r.upcs) {
            if (!gtinKey(upc).isEmpty() && gtinKey(upc) == gtinKey(in.gtin)) {
                on.append(u"gtin"_s);
                break;
            }
        }
    }
    return on;
}

} // namespace

RecallFinding RecallFinding::of(const ImportInput &in, const Result<RecallAnswer> &answer)
{
    RecallFinding f;
    f.recalls.insert(u"source"_s, RecallClient::sourceId());
    f.recalls.insert(u"query"_s, QJsonObject { { u"product_name"_s, in.productName } });
    if (!answer.ok()) {
        f.missing = true;
        f.recalls.insert(u"status"_s, u"unavailable"_s);
        f.recalls.insert(u"reason"_s, answer.error().message());
        f.recalls.insert(u"candidates"_s, QJsonArray());
        f.reasons.append(DecisionReason { DecisionReason::Weight::Review, u"recalls_unavailable"_s,
            u"recalls"_s, answer.error().message(),
            u"Search the CPSC recalls (cpsc.gov/Recalls) for the product yourself, or run the dossier again "
            "later."_s });
        return f;
    }
    f.snapshot = answer.value().snapshot;
    const bool identifiers = !in.brand.isEmpty() || !in.model.isEmpty() || !in.gtin.isEmpty();
    QJsonArray candidates;
    int otherProducts = 0;
    for (const RecallRecord &r : answer.value().records) {
        QStringList on = matchedOn(in, r);
        if (identifiers && on.isEmpty()) {
            ++otherProducts;
            continue;
        }
        on.prepend(u"product_name"_s);
        QJsonObject c = r.toJson();
        c.insert(u"matched_on"_s, QJsonArray::fromStringList(on));
        candidates.append(c);
    }
    f.recalls.insert(u"status"_s, candidates.isEmpty() ? u"no_matching_candidates"_s : u"candidates"_s);
    f.recalls.insert(u"window"_s,
        QJsonObject { { u"start"_s, answer.value().windowStart }, { u"end"_s, answer.value().windowEnd } });
    f.recalls.insert(u"records_returned"_s, answer.value().records.size());
    f.recalls.insert(u"records_for_other_products"_s, otherProducts);
    f.recalls.insert(u"candidates"_s, candidates);
    f.recalls.insert(u"note"_s,
        u"Candidates from the CPSC recall service by product name within the window, narrowed by brand, "
        u"model "
        "and GTIN where given. A candidate is not proof that this product is recalled; no candidate is not "
        "proof that it is safe or admissible."_s);
    if (!candidates.isEmpty())
        f.reasons.append(
            DecisionReason { DecisionReason::Weight::Review, u"recall_candidates"_s, u"recalls"_s,
                u"%1 CPSC recall(s) in the window may concern this product."_s.arg(candidates.size()),
                u"Compare the recall candidates (recalls.candidates) with the product before buying; do not "
                u"ship a "
                "recalled product."_s });
    return f;
}

} // namespace ades::us
