#include "SpendStatement.h"

#include "EurAmount.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <cstdio>

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

// QDate/QDateTime::toString go through the locale-independent formatter one field at a time; a
// statement prints a date and a time per transfer, so these write each string in one allocation.
QString isoDay(const QDate &day)
{
    int year = 0, month = 0, dayOfMonth = 0;
    day.getDate(&year, &month, &dayOfMonth); // one calendar conversion, not three
    if (!day.isValid() || year < 1 || year > 9999)
        return day.toString(Qt::ISODate);
    char text[16];
    const int length = std::snprintf(text, sizeof text, "%04d-%02d-%02d", year, month, dayOfMonth);
    return QString::fromLatin1(text, length);
}

QString isoTimeUtc(const QDateTime &time)
{
    int year = 0, month = 0, dayOfMonth = 0;
    time.date().getDate(&year, &month, &dayOfMonth);
    if (!time.isValid() || time.timeSpec() != Qt::UTC || year < 1 || year > 9999)
        return time.toString(Qt::ISODate);
    const QTime clock = time.time();
    char text[32];
    const int length = std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month,
        dayOfMonth, clock.hour(), clock.minute(), clock.second());
    return QString::fromLatin1(text, length);
}

QString csvField(const QString &value)
{
    if (!value.contains(u',') && !value.contains(u'"') && !value.contains(u'\n') && !value.contains(u'\r'))
        return value;
    QString quoted = value;
    quoted.replace(u"\""_s, u"\"\""_s);
    return u'"' + quoted + u'"';
}

} // namespace

QString rateNote(const SpendEntry &entry)
{
    if (!entry.rate)
        return u"no ECB USD rate on or before %1"_s.arg(isoDay(entry.day()));
    if (!entry.rate->earlierDay)
        return {};
    const int weekday = entry.day().dayOfWeek();
    const QString why
        = weekday >= 6 ? u"a weekend"_s : u"a TARGET holiday, or the day's rate not yet published"_s;
    return u"the ECB published no USD rate on %1 (%2): the latest earlier rate, of %3, is used"_s.arg(
        isoDay(entry.day()), why, isoDay(entry.rate->publishedOn));
}

QJsonArray transfers(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
{
    QJsonArray out;
    const QString party = direction == SpendEntry::Direction::In ? u"payer"_s : u"payee"_s;
    for (const SpendEntry *entry : inBlockOrder(entries, direction)) {
        const SpendEntry &e = *entry;
        QJsonObject row {
            { u"date"_s, isoDay(e.day()) },
            { u"time"_s, isoTimeUtc(e.time) },
            { party, e.counterparty() },
            { u"amount_usdc"_s, EurAmount::usdc(e.log.amount) },
            { u"amount_atomic"_s, QString::number(e.log.amount) },
            { u"amount_eur"_s, e.eurCents ? QJsonValue(EurAmount::format(*e.eurCents)) : QJsonValue() },
            { u"rate_usd_per_eur"_s, e.rate ? QJsonValue(e.rate->rate) : QJsonValue() },
            { u"rate_date"_s, e.rate ? QJsonValue(isoDay(e.rate->publishedOn)) : QJsonValue() },
            { u"block"_s, QString::number(e.log.block) },
            { u"tx_hash"_s, e.log.txHash },
            { u"log_index"_s, qint64(e.log.logIndex) },
        };
        if (const QString note = rateNote(e); !note.isEmpty())
            row.insert(u"rate_note"_s, note);
        out.append(row);
    }
    return out;
}

QJsonArray byCounterparty(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
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
    const QString partyKey = direction == SpendEntry::Direction::In ? u"payer"_s : u"payee"_s;
    QJsonArray out;
    for (const Group &g : std::as_const(groups)) {
        out.append(QJsonObject {
            { partyKey, g.party },
            { u"amount_usdc"_s, EurAmount::usdc(g.atomic) },
            { u"amount_eur"_s, EurAmount::format(g.cents) },
            { u"eur_complete"_s, g.withoutEur == 0 },
            { u"count"_s, g.count },
            { u"first_date"_s, isoDay(g.first) },
            { u"last_date"_s, isoDay(g.last) },
        });
    }
    return out;
}

QJsonObject totals(const QList<SpendEntry> &entries, SpendEntry::Direction direction)
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
    return {
        { u"count"_s, count },
        { u"amount_usdc"_s, EurAmount::usdc(atomic) },
        { u"amount_eur"_s, EurAmount::format(cents) },
        { u"eur_complete"_s, withoutEur == 0 },
        { direction == SpendEntry::Direction::In ? u"payers"_s : u"payees"_s, qint64(parties.size()) },
    };
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
    for (const SpendEntry *entry : inBlockOrder(entries, std::nullopt)) {
        const SpendEntry &e = *entry;
        const QStringList row {
            isoDay(e.day()),
            isoTimeUtc(e.time),
            SpendEntry::directionName(e.direction),
            e.counterparty(),
            EurAmount::usdc(e.log.amount),
            e.rate ? e.rate->rate : QString(),
            e.rate ? isoDay(e.rate->publishedOn) : QString(),
            e.eurCents ? EurAmount::format(*e.eurCents) : QString(),
            rateNote(e),
            QString::number(e.log.block),
            e.log.txHash,
            QString::number(e.log.logIndex),
        };
        QStringList fields;
        for (const QString &f : row)
            fields.append(csvField(f));
        out += fields.join(u',') + u"\r\n"_s;
    }
    return out;
}

QJsonObject vatNote()
{
    return {
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
}

} // namespace SpendStatement

} // namespace ades::market
