#pragma once

#include "store/VatObservation.h"

#include <QList>
#include <QString>
#include <optional>

namespace ades {

class ConnectionPool;
class Database;
struct PendingWrites;

// The archive of VIES answers (vies_observations): every answer the service obtained about a VAT ID, kept
// as evidence of what the register said and when (docs/interface.md, /v1/vat/history). Recording is written
// behind the request path with the call log (Database.h), so it costs a queue append; the Store's
// destructor writes what is queued, so a normal shutdown loses nothing. Every read flushes first, so an
// answer recorded a moment ago is found. Thread-safe; reads block on SQL.
class ViesObservations
{
public:
    explicit ViesObservations(Database &db);
    Q_DISABLE_COPY_MOVE(ViesObservations)

    // Queues the observation (written with the next batch); its id is assigned here. False when country,
    // number or observedAt is missing.
    bool record(VatObservation observation);

    // Observations of country + number, oldest first:
    // the `limit` latest at or before `at` ...
    QList<VatObservation> atOrBefore(
        const QString &country, const QString &number, const QDateTime &at, int limit);
    // ... the `limit` earliest after `at` ...
    QList<VatObservation> after(
        const QString &country, const QString &number, const QDateTime &at, int limit);
    // ... and those in [from, to), at most `limit`.
    QList<VatObservation> between(
        const QString &country, const QString &number, const QDateTime &from, const QDateTime &to, int limit);
    // How many are kept for country + number; nullopt when the read failed.
    std::optional<qint64> count(const QString &country, const QString &number);

    // The write-behind part (Database::BatchPart).
    static QString writeQueued(ConnectionPool &pool, const PendingWrites &batch);

private:
    QList<VatObservation> select(const QString &condition, const QString &order, const QString &country,
        const QString &number, const QDateTime &from, const QDateTime &to, int limit);

    Database &m_db;
};

} // namespace ades
