#include "VatSamples.h"

#include "TestData.h"
#include "ops/eu/vat/VatIdValidator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>

using namespace Qt::StringLiterals;

namespace ades::test {

QStringList viesCheckableVatIds(int count)
{
    const eu::VatIdValidator validator;
    QMap<QString, QStringList> byState; // ordered, so the list is the same on every run
    QSet<QString> seen;
    const QJsonArray vectors = sharedJsonArray(u"vat/vectors.json"_s);
    for (const QJsonValue &v : vectors) {
        const QJsonObject vector = v.toObject();
        if (!vector.value(u"valid"_s).toBool())
            continue;
        const eu::VatIdAnalysis a = validator.analyse(vector.value(u"compact"_s).toString());
        if (!a.formatValid || !a.isViesMember || !a.viesCheckable || seen.contains(a.normalized))
            continue;
        seen.insert(a.normalized);
        byState[a.viesPrefix].append(a.normalized);
    }
    QStringList ids;
    for (int round = 0; ids.size() < count; ++round) {
        bool any = false;
        for (const QStringList &state : std::as_const(byState)) {
            if (round < state.size() && ids.size() < count) {
                ids.append(state.at(round));
                any = true;
            }
        }
        if (!any)
            break;
    }
    return ids;
}

} // namespace ades::test
