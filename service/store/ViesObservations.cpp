#include "ViesObservations.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QStringView Columns
    = u"id, observed_at, country, number, valid, name, address, consultation_number, "
      u"requester_vat_id, endpoint, source_url, vies_request_date, response_sha256";

// A NULL column stays a null QString: "not disclosed" and "disclosed as empty" are different answers.
QString nullableText(const QVariant &value)
{
    return value.isNull() ? QString() : value.toString();
}

VatObservation readObservation(const QSqlQuery &query)
{
    VatObservation o;
    o.id = query.value(0).toLongLong();
    o.observedAt = parseTime(query.value(1));
    o.country = query.value(2).toString();
    o.number = query.value(3).toString();
    o.valid = query.value(4).toInt() != 0;
    o.name = nullableText(query.value(5));
    o.address = nullableText(query.value(6));
    o.consultationNumber = nullableText(query.value(7));
    o.requesterVatId = nullableText(query.value(8));
    o.endpoint = query.value(9).toString();
    o.sourceUrl = query.value(10).toString();
    o.viesRequestDate = query.value(11).toString();
    o.responseSha256 = query.value(12).toString();
    return o;
}

} // namespace

ViesObservations::ViesObservations(Database &db)
    : m_db(db)
{ }

bool ViesObservations::record(VatObservation observation)
{
    if (observation.country.isEmpty() || observation.number.isEmpty() || !observation.observedAt.isValid())
        return false;
    // Positive 63-bit, like the call log's ids: no sequence, so both engines read the same DDL.
    observation.id = qint64(QRandomGenerator::global()->generate64() >> 1);
    m_db.writes().appendViesObservation(observation);
    return true;
}

QList<VatObservation> ViesObservations::select(const QString &condition, const QString &order,
    const QString &country, const QString &number, const QDateTime &from, const QDateTime &to, int limit)
{
    QList<VatObservation> rows;
    if (limit <= 0)
        return rows;
    // Flushed first: an answer recorded a moment ago may still wait in the queue.
    m_db.flush();
    PreparedQuery query = m_db.prepare(u"SELECT "_s + Columns
        + u" FROM vies_observations WHERE country = :country AND number = :number AND "_s + condition
        + u" ORDER BY "_s + order + u" LIMIT :limit"_s);
    query->bindValue(u":country"_s, country);
    query->bindValue(u":number"_s, number);
    if (from.isValid())
        query->bindValue(u":from"_s, isoUtc(from));
    if (to.isValid())
        query->bindValue(u":to"_s, isoUtc(to));
    query->bindValue(u":limit"_s, limit);
    if (!execLogged(*query, "read VIES observations"))
        return rows;
    while (query->next())
        rows.append(readObservation(*query));
    return rows;
}

QList<VatObservation> ViesObservations::atOrBefore(
    const QString &country, const QString &number, const QDateTime &at, int limit)
{
    // ISO-8601 UTC text of one fixed width (isoUtc) sorts like time, on both engines.
    QList<VatObservation> rows = select(
        u"observed_at <= :to"_s, u"observed_at DESC, id DESC"_s, country, number, QDateTime(), at, limit);
    std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<VatObservation> ViesObservations::after(
    const QString &country, const QString &number, const QDateTime &at, int limit)
{
    return select(
        u"observed_at > :from"_s, u"observed_at ASC, id ASC"_s, country, number, at, QDateTime(), limit);
}

QList<VatObservation> ViesObservations::between(
    const QString &country, const QString &number, const QDateTime &from, const QDateTime &to, int limit)
{
    return select(u"observed_at >= :from AND observed_at < :to"_s, u"observed_at ASC, id ASC"_s, country,
        number, from, to, limit);
}

std::optional<qint64> ViesObservations::count(const QString &country, const QString &number)
{
    m_db.flush();
    PreparedQuery query = m_db.prepare(
        u"SELECT COUNT(*) FROM vies_observations WHERE country = :country AND number = :number"_s);
    query->bindValue(u":country"_s, country);
    query->bindValue(u":number"_s, number);
    if (!execLogged(*query, "count VIES observations") || !query->next())
        return std::nullopt;
    return query->value(0).toLongLong();
}

QString ViesObservations::writeQueued(ConnectionPool &pool, const PendingWrites &batch)
{
    if (batch.viesObservations.isEmpty())
        return {};
    PreparedQuery insert = pool.prepare(u"INSERT INTO vies_observations ("_s + Columns
        + u") VALUES (:id, :observed, :country, :number, :valid, :name, :address, :consultation, "
          ":requester, :endpoint, :url, :requestDate, :sha256) ON CONFLICT (id) DO NOTHING"_s);
    for (const VatObservation &o : batch.viesObservations) {
        insert->bindValue(u":id"_s, o.id);
        insert->bindValue(u":observed"_s, isoUtc(o.observedAt));
        insert->bindValue(u":country"_s, o.country);
        insert->bindValue(u":number"_s, o.number);
        insert->bindValue(u":valid"_s, o.valid ? 1 : 0);
        insert->bindValue(u":name"_s, o.name);
        insert->bindValue(u":address"_s, o.address);
        insert->bindValue(u":consultation"_s, o.consultationNumber);
        insert->bindValue(u":requester"_s, o.requesterVatId);
        insert->bindValue(u":endpoint"_s, sqlText(o.endpoint));
        insert->bindValue(u":url"_s, sqlText(o.sourceUrl));
        insert->bindValue(u":requestDate"_s, sqlText(o.viesRequestDate));
        insert->bindValue(u":sha256"_s, sqlText(o.responseSha256));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

} // namespace ades
