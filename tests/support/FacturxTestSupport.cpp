#include "FacturxTestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace ades::eu;

namespace ades::test {

QStringList layerFindingIds(const QString &xml, const QString &layer)
{
    ValidationOptions options;
    options.layers = QStringList { layer };
    const ValidationReport report = EinvoiceValidator::validate(xml.toUtf8(), options);
    QStringList ids;
    for (const LayerReport &l : report.layers) {
        for (const Finding &f : l.findings)
            ids << f.id;
    }
    ids.sort();
    return ids;
}

QStringList distinct(QStringList ids)
{
    ids.sort();
    ids.removeDuplicates();
    return ids;
}

QStringList distinctIds(const QList<Finding> &findings)
{
    QStringList ids;
    for (const Finding &f : findings)
        ids << f.id;
    return distinct(ids);
}

bool replaceFirst(QString &xml, const QString &from, const QString &to)
{
    const qsizetype at = xml.indexOf(from);
    if (at < 0)
        return false;
    xml.replace(at, from.size(), to);
    return true;
}

bool applyEdits(QString &xml, const QStringList &edits)
{
    for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
        if (!replaceFirst(xml, edits.at(i), edits.at(i + 1)))
            return false;
    }
    return true;
}

std::optional<QMap<QString, int>> expectedFired(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QMap<QString, int> fired;
    for (const QJsonValue &layer :
        QJsonDocument::fromJson(file.readAll()).object().value(u"layers"_s).toArray()) {
        for (const QJsonValue &f : layer.toObject().value(u"fired"_s).toArray())
            fired[f.toObject().value(u"id"_s).toString()] += f.toObject().value(u"count"_s).toInt();
    }
    return fired;
}

} // namespace ades::test
