#include "SpendStatement.h"

#include "EurAmount.h"

#include <QMap>
#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace SpendStatement {

namespace {

QList<SpendEntry> inBlockOrder(const QList<SpendEntry> &entries, std::optional<SpendEntry::Direction> only)
{
    QList<SpendEntry> out;
    for (const SpendEntry &e : entries)
        if (!only || e.direction == *only)
            out.append(e);
    std::stable_sort(out.begin(), out.end(), [](const SpendEntry &a, const SpendEntry &b) {
        return a.log.block != b.log.block ? a.log.block < b.log.block : a.log.logIndex < b.log.logIndex;
    });
    return out;
}

QString isoDay(const QDate &day)
{
    return day.toString(Qt::ISODate);
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
    for (const SpendEntry &e : inBlockOrder(entries, direction)) {
        QJsonObject row {
            { u"date"_s, isoDay(e.day()) },
            { u"time"_s, e.time.toString(Qt::ISODate) },
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
        qint64 atomic = 0;
        qint64 cents = 0;
        int count = 0;
        int withoutEur = 0;
        QDate first;
        QDate last;
    };
    QMap<QString, Group> groups;
    for (const SpendEntry &e : inBlockOrder(entries, direction)) {
        Group &g = groups[e.counterparty()];
        g.atomic += e.log.amount;
        g.cents += e.eurCents.value_or(0);
        g.withoutEur += e.eurCents ? 0 : 1;
        ++g.count;
        if (!g.first.isValid())
            g.first = e.day();
        g.last = e.day();
    }
    QList<QString> order = groups.keys();
    std::stable_sort(order.begin(), order.end(),
        [&groups](const QString &a, const QString &b) { return groups[a].atomic > groups[b].atomic; });
    const QString party = direction == SpendEntry::Direction::In ? u"payer"_s : u"payee"_s;
    QJsonArray out;
    for (const QString &key : std::as_const(order)) {
        const Group &g = groups[key];
        out.append(QJsonObject {
            { party, key },
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
    for (const SpendEntry &e : inBlockOrder(entries, std::nullopt)) {
        const QStringList row {
            isoDay(e.day()),
            e.time.toString(Qt::ISODate),
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
