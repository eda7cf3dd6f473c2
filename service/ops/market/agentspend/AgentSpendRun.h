#pragma once

#include "BlockSearch.h"
#include "ChainReader.h"
#include "EcbRates.h"
#include "LogWindows.h"
#include "ParsedRates.h"
#include "SpendEntry.h"
#include "catalog/Operation.h"
#include "ops/market/fetch/SourceCache.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <memory>

namespace ades::market {

struct MarketServices;

// One agent-spend statement being built: the wallet's USDC Transfer logs on Base read through
// chain.rpc.proxy, block window by block window (three batches in flight), their block times, the ECB rates
// of their days, then the statement. Everything runs on the calling thread (each answer arrives there), so
// the run holds its state without locks; it keeps itself alive through the callbacks it hands out and calls
// `done` exactly once, when none of its batches is in flight any more, so no work of a call outlives its
// answer. Every JSON-RPC batch counts against the configured bound, so one call's work is bounded whatever
// the providers refuse.
class AgentSpendRun : public std::enable_shared_from_this<AgentSpendRun>
{
public:
    struct Request
    {
        QString wallet; // lower case
        int days = 30;
        bool csv = false;
    };
    static void start(const MarketServices &services, std::shared_ptr<ParsedRates> parsed,
        const Request &request, Completion done);

    // AgentSpendRun is only made by start(); public for std::make_shared.
    AgentSpendRun(const MarketServices &services, std::shared_ptr<ParsedRates> parsed, const Request &request,
        Completion done);

private:
    void askHead();
    void searchStart();
    void scanLogs(); // keeps up to three log batches in flight
    void askLogs(const QList<LogWindows::Window> &windows);
    void askBlockTimes();
    void askRates(const QString &file, bool history);
    void finish();

    // One proxy batch, counted against the bound; `then` gets the answers, errors end the run.
    void rpc(const QList<ChainReader::Call> &calls, std::function<void(const ChainReader::Answers &)> then,
        std::function<void(const ServiceError &)> onError = {});
    void fail(const ServiceError &error);
    bool keepLog(const QJsonObject &log, SpendEntry::Direction filter);
    // Splits a refused window and says so in the evidence; false when it cannot be split any further.
    bool refuse(const LogWindows::Window &window, const QString &problem);
    QString chainSource() const;

    const MarketServices &m_services;
    const std::shared_ptr<ParsedRates> m_parsed;
    const Request m_request;
    Completion m_done;
    ChainReader m_reader;
    QString m_contract; // lower case
    QDateTime m_now;
    qint64 m_since = 0; // seconds: the period's first moment
    quint64 m_head = 0;
    qint64 m_headTime = 0;
    quint64 m_firstBlock = 0;
    int m_batches = 0;
    int m_maxBatches = 0;
    int m_maxTransfers = 0;
    int m_failuresInARow = 0;
    int m_logBatchesInFlight = 0;
    int m_pastHeadRetries = 0; // windows asked again because an endpoint's head was behind
    qint64 m_totalAtomic = 0; // of every transfer kept: bounds every sum the statement makes
    std::optional<BlockSearch> m_search;
    std::unique_ptr<LogWindows> m_windows;
    QList<SpendEntry> m_entries;
    QSet<QString> m_seen; // tx hash + log index: a log answered twice (after a split) counts once
    QHash<quint64, qint64> m_blockTimes;
    QJsonArray m_fxSources;
    // The proxy's evidence of every batch, joined.
    QJsonObject m_headEvidence;
    QStringList m_endpoints;
    QJsonArray m_rpcSources;
    QJsonArray m_failover;
    QJsonArray m_refusedWindows; // {from, to, problem}: split and asked again
    bool m_finished = false;
    std::optional<ServiceError> m_error; // answered once no batch is in flight
    int m_rpcInFlight = 0;
};

} // namespace ades::market
