#include "Amounts.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::extract {

QList<Amount> findAmounts(const QString &line)
{
    // Thousands groups with one separator kind, then the decimal part; not part of a longer number, a date
    // (25.12.2018) or a version-like run (1.2.3). OCR often sets a space after the decimal separator of a
    // small receipt font ("62. 80"): one space there is allowed when two digits and no further digit follow.
    static const QRegularExpression pattern(
        u"(?<![\\d.,])(-\\s?)?(\\d{1,3}(?:([.,' ])\\d{3})(?:\\3\\d{3})*|\\d{1,9})([.,]) ?(\\d{2})(?![\\d]|[.,]\\d)"_s);
    // Signs and the codes receipts print in their place; a code only as a word of its own.
    static const QRegularExpression mark(u"(?:(?<![A-Za-z])(?:RM|EUR|USD|GBP|CHF|SGD|MYR)|[$€£¥]) ?$"_s,
        QRegularExpression::CaseInsensitiveOption);
    QList<Amount> amounts;
    auto it = pattern.globalMatch(line);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString grouping = m.captured(3);
        if (!grouping.isEmpty() && grouping == m.captured(4))
            continue; // "1.234.56": no decimal separator of its own
        QString digits = m.captured(2);
        digits.remove(u'.').remove(u',').remove(u'\'').remove(u' ');
        bool ok = false;
        const qint64 units = digits.toLongLong(&ok);
        if (!ok || digits.size() > 9)
            continue;
        qint64 cents = units * 100 + m.captured(5).toInt();
        if (!m.captured(1).isEmpty())
            cents = -cents;
        Amount a;
        a.cents = cents;
        a.printed = m.captured(0).remove(u' ');
        a.position = m.capturedStart(0);
        a.end = m.capturedEnd(0);
        if (m.captured(1).isEmpty()) {
            const auto before = mark.match(QStringView(line).left(a.position));
            if (before.hasMatch())
                a.mark = before.captured(0);
        }
        amounts.append(a);
    }
    return amounts;
}

QString centsText(qint64 cents)
{
    const qint64 a = cents < 0 ? -cents : cents;
    return u"%1%2.%3"_s.arg(cents < 0 ? u"-"_s : QString())
        .arg(a / 100)
        .arg(a % 100, 2, 10, QLatin1Char('0'));
}

} // namespace ades::extract
