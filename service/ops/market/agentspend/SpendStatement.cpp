#include "SpendStatement.h"

#include "EurAmount.h"
#include "IsoText.h"
#include "core/CanonicalWriter.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <algorithm>
#include <charconv>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace SpendStatement {

namespace {

// Pointers, not copies: an entry holds a dozen strings, and a statement walks the list three times.
QList<const SpendEntry *> inBlockOrder(
    const QList<SpendEntry> &entries, std::optional<SpendEntry::Direction> only)
{
    QList<const SpendEntry *> out;
    out.reserve(entries.size());
    for (const SpendEntry &e : entries)
        if (!only || e.direction == *only)
            out.append(&e);
    std::stable_sort(out.begin(), out.end(), [](const SpendEntry *a, const SpendEntry *b) {
        return a->log.block != b->log.block ? a->log.block < b->log.block : a->log.logIndex < b->log.logIndex;
    });
    return out;
}

// Transfers come in block order, so neighbours mostly share a day, a rate day and a note: each distinct
// one is written once.
class DayTexts
{
public:
    QStringView day(const QDate &day) { return remembered(m_day, day); }
    QStringView rateDay(const QDate &day) { return remembered(m_rateDay, day); }
    const QString &rateNote(const SpendEntry &entry, const QDate &day)
    {
        const NoteKey key { day, entry.rate ? entry.rate->publishedOn : QDate(), bool(entry.rate),
            entry.rate && entry.rate->earlierDay };
        if (!m_noteValid || !(m_noteKey == key)) {
            m_noteValid = true;
            m_noteKey = key;
            m_note = SpendStatement::rateNote(entry);
        }
        return m_note;
    }

private:
    struct DayMemo
    {
        QDate day;
        std::optional<IsoText> text;
    };
    // What rateNote() depends on.
    struct NoteKey
    {
        QDate day;
        QDate publishedOn;
        bool hasRate = false;
        bool earlierDay = false;
        bool operator==(const NoteKey &) const = default;
    };

    static QStringView remembered(DayMemo &memo, const QDate &day)
    {
        if (!memo.text || memo.day != day) {
            memo.day = day;
            memo.text = IsoText::day(day);
        }
        return memo.text->view();
    }

    DayMemo m_day;
    DayMemo m_rateDay;
    bool m_noteValid = false;
    NoteKey m_noteKey;
    QString m_note;
};

// A block number or an amount in atomic units as a decimal string, without a QString in between.
template <typename Integer> void writeDecimalText(CanonicalWriter &out, Integer value)
{
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, value);
    out.string(QLatin1StringView(digits, written.ptr - digits));
}

// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
void appendCsvField(QString &out, QStringView value)
{
    for (const QChar c : value) {
        if (c == u',' || c == u'"' || c == u'\n' || c == u'\r') {
            out += u'"';
            for (const QChar q : value) {
                if (q == u'"')
                    out += u'"';
                out += q;
            }
            out += u'"';
            return;
        }
    }
    out += value;
}

} // namespace

QString rateNote(const SpendEntry &entry)
{
    if (!entry.rate)
        return u"no ECB USD rate on or before %1"_s.arg(IsoText::day(entry.day()).view());
    if (!entry.rate->earlierDay)
        return {};
    const int weekday = entry.day().dayOfWeek();
    const QString why
        = weekday >= 6 ? u"a weekend"_s : u"a TARGET holiday, or the day's rate not yet published"_s;
    return u"the ECB published no USD rate on %1 (%2): the latest earlier rate, of %3, is used"_s.arg(
        IsoText::day(entry.day()).view(), why, IsoText::day(entry.rate->publishedOn).view());
}

QByteArray transfers(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
{
    const QLatin1StringView party = direction == SpendEntry::Direction::In ? "payer"_L1 : "payee"_L1;
    CanonicalWriter out(512 + entries.size() * 480);
    out.beginArray();
    DayTexts texts;
    // Members in key order, so that no row needs sorting.
    for (const SpendEntry *entry : inBlockOrder(entries, direction)) {
        const SpendEntry &e = *entry;
        out.beginObject();
        writeDecimalText(out.key("amount_atomic"), e.log.amount);
        if (e.eurCents)
            out.key("amount_eur").string(EurAmount::format(*e.eurCents).view());
        else
            out.key("amount_eur").null();
        out.key("amount_usdc").string(EurAmount::usdc(e.log.amount).view());
        writeDecimalText(out.key("block"), e.log.block);
        const QDate day = e.day();
        out.key("date").string(texts.day(day));
        out.key("log_index").integer(qint64(e.log.logIndex));
        out.key(party).string(e.counterparty());
        if (e.rate)
            out.key("rate_date").string(texts.rateDay(e.rate->publishedOn));
        else
            out.key("rate_date").null();
        if (const QString &note = texts.rateNote(e, day); !note.isEmpty())
            out.key("rate_note").string(note);
        if (e.rate)
            out.key("rate_usd_per_eur").string(e.rate->rate);
        else
            out.key("rate_usd_per_eur").null();
        out.key("time").string(IsoText::timeUtc(e.time).view());
        out.key("tx_hash").string(e.log.txHash);
        out.endObject();
    }
    out.endArray();
    return out.take();
}

QByteArray byCounterparty(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
{
    struct Group
    {
        QString party;
        qint64 atomic = 0;
        qint64 cents = 0;
        int count = 0;
        int withoutEur = 0;
        QDate first;
        QDate last;
    };
    // One pass without sorting the transfers: the first and last dates are the group's extremes.
    QList<Group> groups;
    QHash<QString, qsizetype> indexOf;
    for (const SpendEntry &e : entries) {
        if (e.direction != direction)
            continue;
        const QString party = e.counterparty();
        auto found = indexOf.constFind(party);
        if (found == indexOf.constEnd()) {
            found = indexOf.insert(party, groups.size());
            groups.append(Group { party });
        }
        Group &g = groups[*found];
        g.atomic += e.log.amount;
        g.cents += e.eurCents.value_or(0);
        g.withoutEur += e.eurCents ? 0 : 1;
        ++g.count;
        const QDate day = e.day();
        if (!g.first.isValid() || day < g.first)
            g.first = day;
        if (!g.last.isValid() || day > g.last)
            g.last = day;
    }
    // Largest amount first; equal amounts by address, so the order never depends on the input's.
    std::sort(groups.begin(), groups.end(), [](const Group &a, const Group &b) {
        return a.atomic != b.atomic ? a.atomic > b.atomic : a.party < b.party;
    });
    const QLatin1StringView party = direction == SpendEntry::Direction::In ? "payer"_L1 : "payee"_L1;
    CanonicalWriter out(256 + groups.size() * 256);
    out.beginArray();
    for (const Group &g : std::as_const(groups)) {
        out.beginObject();
        out.key("amount_eur").string(EurAmount::format(g.cents).view());
        out.key("amount_usdc").string(EurAmount::usdc(g.atomic).view());
        out.key("count").integer(g.count);
        out.key("eur_complete").boolean(g.withoutEur == 0);
        out.key("first_date").string(IsoText::day(g.first).view());
        out.key("last_date").string(IsoText::day(g.last).view());
        out.key(party).string(g.party);
        out.endObject();
    }
    out.endArray();
    return out.take();
}

QByteArray totals(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
{
    qint64 atomic = 0;
    qint64 cents = 0;
    int count = 0;
    int withoutEur = 0;
    QSet<QString> parties;
    for (const SpendEntry &e : entries) {
        if (e.direction != direction)
            continue;
        atomic += e.log.amount;
        cents += e.eurCents.value_or(0);
        withoutEur += e.eurCents ? 0 : 1;
        ++count;
        parties.insert(e.counterparty());
    }
    CanonicalWriter out(256);
    out.beginObject();
    out.key("amount_eur").string(EurAmount::format(cents).view());
    out.key("amount_usdc").string(EurAmount::usdc(atomic).view());
    out.key("count").integer(count);
    out.key("eur_complete").boolean(withoutEur == 0);
    out.key(direction == SpendEntry::Direction::In ? "payers"_L1 : "payees"_L1)
        .integer(qint64(parties.size()));
    out.endObject();
    return out.take();
}

QStringList csvColumns()
{
    return { u"date"_s, u"time_utc"_s, u"direction"_s, u"counterparty"_s, u"amount_usdc"_s,
        u"rate_usd_per_eur"_s, u"rate_date"_s, u"amount_eur"_s, u"rate_note"_s, u"block"_s, u"tx_hash"_s,
        u"log_index"_s };
}

QString csv(const QList<SpendEntry> &entries)
{
    QString out = csvColumns().join(u',') + u"\r\n"_s;
    // A row is about 200 characters; one allocation for the usual statement.
    out.reserve(out.size() + entries.size() * 224);
    DayTexts texts;
    for (const SpendEntry *entry : inBlockOrder(entries, std::nullopt)) {
        const SpendEntry &e = *entry;
        const QDate day = e.day();
        appendCsvField(out, texts.day(day));
        out += u',';
        appendCsvField(out, IsoText::timeUtc(e.time).view());
        out += u',';
        appendCsvField(out, SpendEntry::directionName(e.direction));
        out += u',';
        appendCsvField(out, e.counterparty());
        out += u',';
        appendCsvField(out, EurAmount::usdc(e.log.amount).view());
        out += u',';
        if (e.rate)
            appendCsvField(out, e.rate->rate);
        out += u',';
        if (e.rate)
            appendCsvField(out, texts.rateDay(e.rate->publishedOn));
        out += u',';
        if (e.eurCents)
            appendCsvField(out, EurAmount::format(*e.eurCents).view());
        out += u',';
        appendCsvField(out, texts.rateNote(e, day));
        out += u',';
        out += QString::number(e.log.block);
        out += u',';
        appendCsvField(out, e.log.txHash);
        out += u',';
        out += QString::number(e.log.logIndex);
        out += u"\r\n"_s;
    }
    return out;
}

QJsonObject vatNote()
{
    // The same in every statement: built once, each statement shares a copy.
    static const QJsonObject note {
        { u"is_decision"_s, false },
        { u"applies_to"_s, u"payments: services the wallet's owner bought"_s },
        { u"note"_s,
            u"For a business customer established in the EU that buys a service, the place of supply "
            "is where the customer is established (Art. 44 Directive 2006/112/EC); when the supplier "
            "is not established in the customer's member state, the customer accounts for the VAT "
            "itself under the reverse charge (Art. 196). The payees here are wallet addresses: who "
            "they are, where they are established and what was bought is unknown, so this is a note "
            "for the bookkeeper, not a VAT decision. Goods, purchases as a consumer (Art. 45) and the "
            "services with their own place-of-supply rules follow other rules (for a business buyer "
            "Art. 47 immovable property, 48 passenger transport, 53 admission to events, 55 restaurant "
            "and catering, 56 short-term hire of means of transport). Informational, not legal or tax "
            "advice."_s },
        { u"legal_basis"_s,
            QJsonArray { u"Directive 2006/112/EC Art. 44 (place of supply of services, B2B)"_s,
                u"Directive 2006/112/EC Art. 196 (reverse charge: the customer is liable)"_s } },
    };
    return note;
}

} // namespace SpendStatement

} // namespace ades::market
