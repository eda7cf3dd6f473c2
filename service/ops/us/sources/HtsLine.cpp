#include "HtsLine.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::us {

QStringList HtsLine::chapter99References() const
{
    static const QRegularExpression reference(u"9903\\.[0-9]{2}\\.[0-9]{2}"_s);
    QStringList out;
    for (const QString &note : footnotes) {
        auto it = reference.globalMatch(note);
        while (it.hasNext()) {
            const QString found = it.next().captured(0);
            if (!out.contains(found))
                out.append(found);
        }
    }
    return out;
}

QJsonObject HtsLine::toJson() const
{
    return QJsonObject {
        { u"hts_code"_s, number },
        { u"indent"_s, indent },
        { u"description"_s, description },
        { u"general_rate"_s, general },
        { u"special_rate"_s, special },
        { u"column_2_rate"_s, other },
        { u"units"_s, QJsonArray::fromStringList(units) },
        { u"footnotes"_s, QJsonArray::fromStringList(footnotes) },
    };
}

namespace HtsLines {

const HtsLine *find(const QList<HtsLine> &rows, const QString &digits)
{
    for (const HtsLine &row : rows) {
        if (row.digits == digits)
            return &row;
    }
    if (digits.size() == 6) {
        for (const HtsLine &row : rows) {
            if (row.digits.size() > 6 && row.digits.startsWith(digits))
                return &row;
        }
    }
    return nullptr;
}

const HtsLine *rateLine(const QList<HtsLine> &rows, const HtsLine &line)
{
    if (!line.general.trimmed().isEmpty())
        return &line;
    qsizetype at = -1;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (&rows.at(i) == &line) {
            at = i;
            break;
        }
    }
    int indent = line.indent;
    for (qsizetype i = at - 1; i >= 0; --i) {
        const HtsLine &above = rows.at(i);
        if (above.indent >= indent)
            continue;
        if (!above.general.trimmed().isEmpty())
            return &above;
        indent = above.indent;
        if (indent == 0)
            break;
    }
    return nullptr;
}

QList<const HtsLine *> tariffLinesUnder(const QList<HtsLine> &rows, const QString &sixDigits)
{
    QList<const HtsLine *> out;
    for (const HtsLine &row : rows) {
        if (row.digits.size() == 8 && row.digits.startsWith(sixDigits))
            out.append(&row);
    }
    return out;
}

} // namespace HtsLines

} // namespace ades::us
