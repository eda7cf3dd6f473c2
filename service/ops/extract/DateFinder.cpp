#include "DateFinder.h"

#include <QHash>
#include <QRegularExpression>
#include <array>
#include <string_view>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

const QHash<QString, int> &monthNumbers()
{
    static const QHash<QString, int> months = [] {
        QHash<QString, int> m;
        const QList<QStringList> names {
            { u"JAN"_s, u"JANUARY"_s, u"JANUAR"_s, u"JANUARI"_s },
            { u"FEB"_s, u"FEBRUARY"_s, u"FEBRUAR"_s, u"FEBRUARI"_s },
            { u"MAR"_s, u"MARCH"_s, u"MÄR"_s, u"MÄRZ"_s, u"MAERZ"_s, u"MAC"_s },
            { u"APR"_s, u"APRIL"_s },
            { u"MAY"_s, u"MAI"_s, u"MEI"_s },
            { u"JUN"_s, u"JUNE"_s, u"JUNI"_s },
            { u"JUL"_s, u"JULY"_s, u"JULI"_s, u"JULAI"_s },
            { u"AUG"_s, u"AUGUST"_s, u"OGOS"_s },
            { u"SEP"_s, u"SEPT"_s, u"SEPTEMBER"_s },
            { u"OCT"_s, u"OCTOBER"_s, u"OKT"_s, u"OKTOBER"_s },
            { u"NOV"_s, u"NOVEMBER"_s },
            { u"DEC"_s, u"DECEMBER"_s, u"DEZ"_s, u"DEZEMBER"_s, u"DIS"_s, u"DISEMBER"_s },
        };
        for (int i = 0; i < names.size(); ++i) {
            for (const QString &n : names.at(i))
                m.insert(n, i + 1);
        }
        return m;
    }();
    return months;
}

QString monthAlternation()
{
    QStringList names = monthNumbers().keys();
    std::sort(names.begin(), names.end(), [](const QString &a, const QString &b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    return names.join(u'|');
}

int fullYear(const QString &digits)
{
    const int y = digits.toInt();
    if (digits.size() == 4)
        return y;
    return y < 70 ? 2000 + y : 1900 + y;
}

// A document is not dated after next year: later dates on it are validity or expiry dates, or digits that
// only look like one ("1.2.30" among a row of prices). Next year, not this one, for invoices dated ahead
// around the turn of the year.
bool plausible(const QDate &d)
{
    return d.isValid() && d.year() >= 1990 && d.year() <= QDate::currentDate().year() + 1;
}

// The three-letter month name one letter away from `word` when every such name belongs to one month
// ("DUN": JUN); empty when none does or names of several months do ("MAN": MAR, MAY, JAN). Of two spellings
// of that month (DEZ, DIS), the first in alphabetical order, so that the answer never depends on hash order.
QString monthNameAtOneLetter(const QString &word)
{
    QString name;
    int month = 0;
    for (auto it = monthNumbers().cbegin(); it != monthNumbers().cend(); ++it) {
        if (it.key().size() != word.size())
            continue;
        int differences = 0;
        for (qsizetype i = 0; i < word.size(); ++i)
            differences += it.key().at(i) == word.at(i) ? 0 : 1;
        if (differences != 1)
            continue;
        if (month != 0 && month != it.value())
            return {};
        month = it.value();
        if (name.isEmpty() || it.key() < name)
            name = it.key();
    }
    return name;
}

// Digits OCR takes for one another in receipt print (closed loops and a missing stroke), by digit.
constexpr std::array<std::u16string_view, 10> ConfusedDigits { u"689", u"7", u"", u"8", u"", u"68", u"058",
    u"1", u"0356", u"0" };

// The one plausible year (1990 to next year) that one confused digit of `year` (four digits) gives; empty
// when none or several do.
QString yearAtOneDigit(const QString &year)
{
    QString repaired;
    for (qsizetype i = 0; i < year.size(); ++i) {
        if (year.at(i) < u'0' || year.at(i) > u'9')
            return {}; // not four ASCII digits: nothing to repair
        for (const char16_t other : ConfusedDigits[year.at(i).unicode() - u'0']) {
            QString candidate = year;
            candidate[i] = other;
            if (!plausible(QDate(candidate.toInt(), 1, 1)))
                continue;
            if (!repaired.isEmpty() && repaired != candidate)
                return {};
            repaired = candidate;
        }
    }
    return repaired;
}

} // namespace

QList<DateFinder::Found> DateFinder::datesIn(const QString &input, bool monthFirst)
{
    const QString text = input.toUpper();
    // OCR may set a space after a separator of a small font ("18-10- 17"): one is allowed there.
    static const QRegularExpression numeric(
        u"(?<![\\d.,/-])(\\d{1,2})([./-]) ?(\\d{1,2})\\2 ?(\\d{4}|\\d{2})(?![\\d]|[.,/-]\\d)"_s);
    static const QRegularExpression yearFirst(
        u"(?<![\\d.,/-])(\\d{4})([./-]) ?(\\d{1,2})\\2 ?(\\d{1,2})(?![\\d]|[.,/-]\\d)"_s);
    static const QRegularExpression dayMonthName(
        u"(?<![\\d])(\\d{1,2})(?:ST|ND|RD|TH)?[\\s./-]{0,2}(%1)\\.?[\\s./,-]{0,2}(\\d{4}|\\d{2})(?!\\d)"_s
            .arg(monthAlternation()));
    static const QRegularExpression monthNameDay(
        u"(?<![A-Z])(%1)\\.?\\s{0,2}(\\d{1,2})(?:ST|ND|RD|TH)?,?\\s{0,2}(\\d{4})(?!\\d)"_s.arg(
            monthAlternation()));

    QList<Found> found;
    const auto add = [&](const QDate &d, const QRegularExpressionMatch &m, bool ambiguous, bool numericForm,
                         const QString &repairedPrinted = {}) {
        if (!plausible(d))
            return;
        for (const Found &f : found) {
            if (f.printed.contains(m.captured(0)) || m.captured(0).contains(f.printed))
                return;
        }
        Found f;
        f.date = d;
        f.printed = repairedPrinted.isEmpty() ? input.mid(m.capturedStart(0), m.capturedLength(0))
                                              : repairedPrinted;
        f.repaired = !repairedPrinted.isEmpty();
        if (numericForm)
            f.printed.remove(u' '); // the OCR space is no part of the printed date
        f.position = m.capturedStart(0);
        f.ambiguous = ambiguous;
        f.glued = m.capturedStart(0) > 0 && input.at(m.capturedStart(0) - 1).isLetter();
        found.append(f);
    };
    // D/M/Y or M/D/Y: a part over 12 decides; when both fit, day first unless `monthFirst`, marked ambiguous.
    const auto addNumeric
        = [&](const QRegularExpressionMatch &m, int a, int b, int y, const QString &repairedPrinted = {}) {
              const QDate dmy(y, b, a);
              const QDate mdy(y, a, b);
              if (dmy.isValid() && mdy.isValid() && a != b)
                  add(monthFirst ? mdy : dmy, m, true, true, repairedPrinted);
              else if (dmy.isValid())
                  add(dmy, m, false, true, repairedPrinted);
              else if (mdy.isValid())
                  add(mdy, m, false, true, repairedPrinted);
          };
    for (auto it = numeric.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        addNumeric(m, m.captured(1).toInt(), m.captured(3).toInt(), fullYear(m.captured(4)));
    }
    for (auto it = yearFirst.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        add(QDate(m.captured(1).toInt(), m.captured(3).toInt(), m.captured(4).toInt()), m, false, true);
    }
    for (auto it = dayMonthName.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        add(QDate(fullYear(m.captured(3)), monthNumbers().value(m.captured(2)), m.captured(1).toInt()), m,
            false, false);
    }
    for (auto it = monthNameDay.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        add(QDate(m.captured(3).toInt(), monthNumbers().value(m.captured(1)), m.captured(2).toInt()), m,
            false, false);
    }
    // The repairs, where the strict forms above found nothing: a word between two equal separators where a
    // month name belongs, a four-digit year no document has, and a letter O among a date's digits.
    const auto repaired = [&input](const QRegularExpressionMatch &m, int capture, const QString &reading) {
        QString printed = input.mid(m.capturedStart(0), m.capturedLength(0));
        return printed.replace(
            m.capturedStart(capture) - m.capturedStart(0), m.capturedLength(capture), reading);
    };
    static const QRegularExpression dayWordYear(
        u"(?<![\\d])(\\d{1,2})([./-])([A-Z]{3})\\2(\\d{4}|\\d{2})(?!\\d)"_s);
    for (auto it = dayWordYear.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (monthNumbers().contains(m.captured(3)))
            continue;
        const QString name = monthNameAtOneLetter(m.captured(3));
        if (name.isEmpty())
            continue;
        add(QDate(fullYear(m.captured(4)), monthNumbers().value(name), m.captured(1).toInt()), m, false,
            false, repaired(m, 3, name));
    }
    for (auto it = numeric.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(4).size() != 4 || plausible(QDate(m.captured(4).toInt(), 1, 1)))
            continue;
        const QString year = yearAtOneDigit(m.captured(4));
        if (year.isEmpty())
            continue;
        addNumeric(m, m.captured(1).toInt(), m.captured(3).toInt(), year.toInt(), repaired(m, 4, year));
    }
    // A letter O where a digit of a numeric date belongs (`O7-06-16`): the commonest OCR confusion, and O
    // can stand for no digit but 0.
    static const QRegularExpression numericWithO(
        u"(?<![A-Z\\d.,/-])([O\\d]{1,2})([./-]) ?([O\\d]{1,2})\\2 ?([O\\d]{4}|[O\\d]{2})(?![A-Z\\d]|[.,/-]\\d)"_s);
    for (auto it = numericWithO.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (!m.captured(0).contains(u'O'))
            continue;
        // The digits after the O were taken for a date glued to a word ("O" + "7-06-16"): it is this one.
        found.removeIf([&m](const Found &f) {
            return f.glued && f.position > m.capturedStart(0) && f.position < m.capturedEnd(0);
        });
        const auto zeroed = [](QString digits) { return digits.replace(u'O', u'0').replace(u'o', u'0'); };
        addNumeric(m, zeroed(m.captured(1)).toInt(), zeroed(m.captured(3)).toInt(),
            fullYear(zeroed(m.captured(4))), zeroed(input.mid(m.capturedStart(0), m.capturedLength(0))));
    }
    std::sort(
        found.begin(), found.end(), [](const Found &a, const Found &b) { return a.position < b.position; });
    return found;
}

std::optional<DateFinder::Found> DateFinder::find(const TextLines &lines, bool monthFirst)
{
    static const QRegularExpression label(
        u"\\b(DATE|DATUM|TARIKH|DATED|RECHNUNGSDATUM|BELEGDATUM|INVOICE DATE|ISSUE DATE)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression gluedLabel(
        u"(DATE|DATUM|TARIKH)"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression otherDate(
        u"\\b(DUE|FÄLLIG|FAELLIG|VALID|EXPIR\\w*|GÜLTIG|LIEFER\\w*|DELIVERY|PERIOD|ZEITRAUM|BIS|UNTIL|FROM|"
        "VERSION|PRINTED|GEDRUCKT|STAND|BESTELLUNG|ORDER)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    // "Rechnung Nr. 471102 vom 05.03.2018", "Invoice 123 dated ...": the document's own date.
    static const QRegularExpression documentDated(
        u"(RECHNUNG|INVOICE|FACTURE|GUTSCHRIFT|CREDIT\\s*NOTE).*\\b(VOM|DATED|DU)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    std::optional<Found> best;
    double bestScore = -1e9;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &text = lines.at(i).text;
        const QList<Found> dates = datesIn(text, monthFirst);
        if (dates.isEmpty())
            continue;
        // A label belongs to the date it precedes ("Rechnungsdatum 07.11.2025 Fällig 21.11.2025"); a line
        // with one date and the label after it still counts.
        const auto cue = [&](const QString &segment) {
            double score = 0;
            if (label.match(segment).hasMatch())
                score += 2;
            else if (documentDated.match(segment).hasMatch())
                score += 1.5;
            if (otherDate.match(segment).hasMatch())
                score -= 3;
            return score;
        };
        // Earlier lines first: the document date is printed before validity and print dates. A line that
        // OCR read with low confidence (a logo, a smudge) gives a date only when no clear line does.
        const double position = -double(i) / double(qMax<qsizetype>(1, lines.size()))
            - (lines.at(i).confidence < 0.5 ? 1.0 : 0.0);
        qsizetype segmentStart = 0;
        for (Found d : dates) {
            const QString segment = text.mid(segmentStart, d.position - segmentStart);
            segmentStart = d.position + d.printed.size();
            // Digits glued to letters are a code ("RC11-23-42") unless a date label stands before them
            // (OCR joins "Date:" to its value as "Dater11/03/18").
            if (d.glued && !gluedLabel.match(segment).hasMatch())
                continue;
            const double score = position + (dates.size() == 1 ? cue(text) : cue(segment));
            const double s = score - (d.ambiguous ? 0.5 : 0.0) - (d.repaired ? 1.0 : 0.0);
            if (s > bestScore) {
                bestScore = s;
                best = d;
                best->line = i;
                const double agreement
                    = (score > 1 ? 1.0 : 0.85) * (d.ambiguous ? 0.8 : 1.0) * (d.repaired ? 0.6 : 1.0);
                best->confidence = qBound(0.0, lines.at(i).confidence * agreement, 1.0);
            }
        }
    }
    return best;
}

} // namespace ades::extract
