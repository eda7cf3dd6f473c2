#include "MarketSnapshots.h"

#include "core/Clock.h"
#include "store/Database.h"
#include "store/SqlSupport.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

MarketSnapshots::MarketSnapshots(Database &db)
    : m_db(db)
{ }

Result<bool> MarketSnapshots::record(const Snapshot &snapshot)
{
    if (snapshot.symbol.isEmpty() || !snapshot.slot.isValid() || !snapshot.takenAt.isValid())
        return ServiceError::badRequest(
            u"invalid_snapshot"_s, u"A snapshot needs a symbol, a slot and a time."_s);
    // ON CONFLICT ... DO NOTHING: the first writer of a slot wins on both engines without parsing errors.
    PreparedQuery insert
        = m_db.prepare(u"INSERT INTO market_snapshots (symbol, slot, taken_at, figures_json) "
                       "VALUES (:symbol, :slot, :taken, :figures) ON CONFLICT (symbol, slot) DO NOTHING"_s);
    insert->bindValue(u":symbol"_s, snapshot.symbol);
    insert->bindValue(u":slot"_s, isoUtc(snapshot.slot));
    insert->bindValue(u":taken"_s, isoUtc(snapshot.takenAt));
    insert->bindValue(
        u":figures"_s, QString::fromUtf8(QJsonDocument(snapshot.figures).toJson(QJsonDocument::Compact)));
    if (!insert->exec())
        return storeUnavailable(u"record a market snapshot"_s, insert->lastError());
    return insert->numRowsAffected() == 1;
}

QList<MarketSnapshots::Snapshot> MarketSnapshots::recent(const QString &symbol, int limit)
{
    PreparedQuery query = m_db.prepare(u"SELECT symbol, slot, taken_at, figures_json FROM market_snapshots "
                                       "WHERE symbol = :symbol ORDER BY slot DESC LIMIT :limit"_s);
    query->bindValue(u":symbol"_s, symbol);
    query->bindValue(u":limit"_s, qMax(0, limit));
    QList<Snapshot> snapshots;
    if (!execLogged(*query, "read market snapshots"))
        return snapshots;
    while (query->next())
        snapshots.append({ query->value(0).toString(), parseTime(query->value(1)), parseTime(query->value(2)),
            QJsonDocument::fromJson(query->value(3).toString().toUtf8()).object() });
    return snapshots;
}

qint64 MarketSnapshots::purgeBefore(const QDateTime &cutoff)
{
    PreparedQuery remove = m_db.prepare(u"DELETE FROM market_snapshots WHERE slot < :cutoff"_s);
    remove->bindValue(u":cutoff"_s, isoUtc(cutoff));
    if (!execLogged(*remove, "purge market snapshots"))
        return 0;
    return remove->numRowsAffected();
}

} // namespace ades
