#include "AgentSpendRun.h"

#include "AgentSpendSettings.h"
#include "EurAmount.h"
#include "SpendStatement.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "crypto/EthSignature.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

constexpr qsizetype WindowsPerBatch = ChainReader::MaxCalls / 2; // an outgoing and an incoming filter each
// Log batches in flight at once: a 90-day statement is ~40 of them, and one after another they would be
// the whole wait. Three keep one statement well within an endpoint's per-minute budget.
constexpr int ParallelLogBatches = 3;
// Rounds of whole log batches failing with no answer in between before the scan gives up (each round halves
// the windows: 10,000 blocks become 625), and windows asked again because a node's head was behind.
constexpr int FailuresInARowAllowed = 4;
constexpr int PastHeadRetriesAllowed = 4;

QString hex(quint64 n)
{
    return u"0x"_s + QString::number(n, 16);
}

ChainReader::Call blockByNumber(const QJsonValue &block)
{
    return { u"eth_getBlockByNumber"_s, QJsonArray { block, false } };
}

// The ECB publishes around 16:00 CET (15:00 UTC in winter, 14:00 UTC in summer) on TARGET days: an answer
// fetched after the latest 16:00 UTC holds everything published so far, so it is kept until the next one
// ("cached for the day"), and at most one request a day reaches the ECB.
qint64 msSincePublication(const QDateTime &now)
{
    QDateTime boundary(now.date(), QTime(16, 0), Qt::UTC);
    if (boundary > now)
        boundary = boundary.addDays(-1);
    return qMax<qint64>(1, boundary.msecsTo(now));
}

QString rpcProblem(const QJsonObject &response)
{
    const QJsonObject error = response.value(u"error"_s).toObject();
    return u"%1 %2"_s.arg(error.value(u"code"_s).toInteger()).arg(error.value(u"message"_s).toString());
}

} // namespace

void AgentSpendRun::start(const MarketServices &services, std::shared_ptr<ParsedRates> parsed,
    const Request &request, Completion done)
{
    std::make_shared<AgentSpendRun>(services, std::move(parsed), request, std::move(done))->askHead();
}

AgentSpendRun::AgentSpendRun(const MarketServices &services, std::shared_ptr<ParsedRates> parsed,
    const Request &request, Completion done)
    : m_services(services)
    , m_parsed(std::move(parsed))
    , m_request(request)
    , m_done(std::move(done))
    , m_reader(services.catalog, u"base"_s)
    , m_contract(services.settings.get(AgentSpendSettings::UsdcContract).toLower())
    , m_now(services.clock.now().toUTC())
    , m_maxBatches(services.settings.get(AgentSpendSettings::MaxRpcBatches))
    , m_maxTransfers(services.settings.get(AgentSpendSettings::MaxTransfers))
{
    m_since = m_now.toSecsSinceEpoch() - qint64(request.days) * 86'400;
}

QString AgentSpendRun::chainSource() const
{
    return u"evm-base"_s;
}

void AgentSpendRun::fail(const ServiceError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    // Answered once the batches already sent have come back, so that no work of this call outlives its
    // answer (a caller may then tear down what the chain area's pool uses).
    if (m_rpcInFlight == 0)
        m_done(*m_error);
}

void AgentSpendRun::rpc(const QList<ChainReader::Call> &calls,
    std::function<void(const ChainReader::Answers &)> then, std::function<void(const ServiceError &)> onError)
{
    if (m_batches >= m_maxBatches) {
        const QString shrunk = m_windows
                && m_windows->windowBlocks()
                    < quint64(m_services.settings.get(AgentSpendSettings::WindowBlocks))
            ? u" (providers refused eth_getLogs windows down to %1 blocks)"_s.arg(m_windows->windowBlocks())
            : QString();
        return fail(ServiceError::unprocessable(u"too_much_chain_work"_s,
            u"Reading %1 days of this wallet's transfers takes more than the %2 JSON-RPC batches one "
            "statement may use%3. Nothing was charged; ask for fewer days."_s.arg(m_request.days)
                .arg(m_maxBatches)
                .arg(shrunk),
            u"days"_s));
    }
    ++m_batches;
    ++m_rpcInFlight;
    m_reader.call(calls,
        [self = shared_from_this(), then = std::move(then), onError = std::move(onError)](
            Result<ChainReader::Answers> answers) {
            --self->m_rpcInFlight;
            if (self->m_finished) {
                if (self->m_rpcInFlight == 0 && self->m_error)
                    self->m_done(*self->m_error);
                return;
            }
            if (!answers.ok())
                return onError ? onError(answers.error()) : self->fail(answers.error());
            const QJsonObject &evidence = answers.value().chainData;
            const QString endpoint = evidence.value(u"endpoint"_s).toString();
            if (!endpoint.isEmpty() && !self->m_endpoints.contains(endpoint))
                self->m_endpoints.append(endpoint);
            for (const QJsonValue &s : evidence.value(u"sources"_s).toArray())
                self->m_rpcSources.append(s);
            for (const QJsonValue &f : evidence.value(u"failover"_s).toArray())
                self->m_failover.append(f);
            then(answers.value());
        });
}

void AgentSpendRun::askHead()
{
    rpc({ blockByNumber(u"latest"_s) }, [self = shared_from_this()](const ChainReader::Answers &answers) {
        const QJsonObject block = answers.responses[0].value(u"result"_s).toObject();
        const auto number = TransferLog::quantity(block.value(u"number"_s));
        const auto time = TransferLog::quantity(block.value(u"timestamp"_s));
        if (!number || !time)
            return self->fail(ServiceError::sourceUnavailable(self->chainSource(),
                u"Base's node did not answer the latest block with its number and timestamp (%1)."_s.arg(
                    rpcProblem(answers.responses[0]))));
        self->m_head = *number;
        self->m_headTime = qint64(*time);
        self->m_headEvidence = answers.chainData;
        self->m_search.emplace(self->m_head, self->m_headTime, self->m_since);
        self->searchStart();
    });
}

void AgentSpendRun::searchStart()
{
    if (m_search->isDone()) {
        m_firstBlock = m_search->firstBlock();
        return scanLogs();
    }
    const QList<quint64> probes = m_search->probes(int(ChainReader::MaxCalls));
    QList<ChainReader::Call> calls;
    for (quint64 block : probes)
        calls.append(blockByNumber(hex(block)));
    rpc(calls, [self = shared_from_this(), probes](const ChainReader::Answers &answers) {
        for (qsizetype i = 0; i < probes.size(); ++i) {
            const auto time = TransferLog::quantity(answers.responses[i].value(u"result"_s)[u"timestamp"_s]);
            if (!time)
                return self->fail(ServiceError::sourceUnavailable(self->chainSource(),
                    u"Base's node did not answer the timestamp of block %1 (%2)."_s.arg(probes[i]).arg(
                        rpcProblem(answers.responses[i]))));
            self->m_search->observed(probes[i], qint64(*time));
        }
        self->searchStart();
    });
}

bool AgentSpendRun::keepLog(const QJsonObject &log, SpendEntry::Direction filter)
{
    const TransferLog::Decoded decoded = TransferLog::decode(log, m_contract);
    const QString wallet = m_request.wallet;
    const bool matches = decoded.transfer
        && (filter == SpendEntry::Direction::Out ? decoded.transfer->from == wallet
                                                 : decoded.transfer->to == wallet);
    if (!matches) {
        fail(ServiceError::sourceUnavailable(chainSource(),
            u"Base's node answered eth_getLogs with a log that is not a USDC transfer of the wallet (%1)."_s
                .arg(decoded.transfer ? u"outside the filter"_s : decoded.problem)));
        return false;
    }
    const TransferLog &t = *decoded.transfer;
    const QString key = t.txHash + u':' + QString::number(t.logIndex);
    if (m_seen.contains(key))
        return true;
    m_seen.insert(key);
    // Every total is a sum of some of these: one that fits keeps them all exact.
    if (__builtin_add_overflow(m_totalAtomic, t.amount, &m_totalAtomic)) {
        fail(ServiceError::unprocessable(u"too_many_transfers"_s,
            u"The transfers of these %1 days add up to more than one statement can total exactly. "
            "Nothing was charged; ask for fewer days."_s.arg(m_request.days),
            u"days"_s));
        return false;
    }
    SpendEntry entry;
    entry.log = t;
    entry.direction = SpendEntry::directionOf(t, wallet);
    if (t.blockTimestamp)
        m_blockTimes.insert(t.block, *t.blockTimestamp);
    m_entries.append(entry);
    return true;
}

bool AgentSpendRun::refuse(const LogWindows::Window &window, const QString &problem)
{
    m_refusedWindows.append(QJsonObject { { u"from_block"_s, QString::number(window.from) },
        { u"to_block"_s, QString::number(window.to) }, { u"problem"_s, problem } });
    return m_windows->refused(window);
}

void AgentSpendRun::scanLogs()
{
    if (!m_windows)
        m_windows = std::make_unique<LogWindows>(
            m_firstBlock, m_head, quint64(m_services.settings.get(AgentSpendSettings::WindowBlocks)));
    while (!m_finished && m_logBatchesInFlight < ParallelLogBatches) {
        const QList<LogWindows::Window> windows = m_windows->take(WindowsPerBatch);
        if (windows.isEmpty())
            break;
        askLogs(windows);
    }
    // Refused windows come back to the queue, so the scan is over only when nothing is in flight either.
    if (!m_finished && m_logBatchesInFlight == 0 && m_windows->isDone())
        askBlockTimes();
}

void AgentSpendRun::askLogs(const QList<LogWindows::Window> &windows)
{
    const QString event = TransferLog::eventTopic();
    const QString walletTopic = TransferLog::addressTopic(m_request.wallet);
    QList<ChainReader::Call> calls;
    for (const LogWindows::Window &w : windows) {
        for (const QJsonArray &topics :
            { QJsonArray { event, walletTopic }, QJsonArray { event, QJsonValue(), walletTopic } })
            calls.append({ u"eth_getLogs"_s,
                QJsonArray { QJsonObject { { u"address"_s, m_contract }, { u"fromBlock"_s, hex(w.from) },
                    { u"toBlock"_s, hex(w.to) }, { u"topics"_s, topics } } } });
    }
    auto self = shared_from_this();
    // The whole batch refused (every endpoint failed, or the answer was too large): each window is split.
    auto onError = [self, windows](const ServiceError &error) {
        --self->m_logBatchesInFlight;
        // Batches in flight together fail together: the bound counts rounds of them, not batches.
        if (++self->m_failuresInARow > FailuresInARowAllowed * ParallelLogBatches)
            return self->fail(error);
        for (const LogWindows::Window &w : windows)
            if (!self->refuse(w, error.message()))
                return self->fail(error);
        self->scanLogs();
    };
    ++m_logBatchesInFlight;
    rpc(
        calls,
        [self, windows](const ChainReader::Answers &answers) {
            --self->m_logBatchesInFlight;
            self->m_failuresInARow = 0;
            for (qsizetype i = 0; i < windows.size(); ++i) {
                const QJsonObject &out = answers.responses[2 * i];
                const QJsonObject &in = answers.responses[2 * i + 1];
                if (out.contains(u"error"_s) || in.contains(u"error"_s) || !out.value(u"result"_s).isArray()
                    || !in.value(u"result"_s).isArray()) {
                    const QString problem = rpcProblem(out.contains(u"error"_s) ? out : in);
                    // Endpoints of one chain lag each other by a block or two: a window past the answering
                    // endpoint's head is refused by some nodes whatever its size, so it is asked again as
                    // it is (another endpoint, or the same one a moment later), a few times at most.
                    bool known = false;
                    const quint64 observed = answers.chainData.value(u"observed_block"_s)
                                                 .toString()
                                                 .toULongLong(&known); // decimal
                    if (known && windows[i].to > observed
                        && ++self->m_pastHeadRetries <= PastHeadRetriesAllowed) {
                        self->m_windows->again(windows[i]);
                        continue;
                    }
                    if (!self->refuse(windows[i], problem))
                        return self->fail(ServiceError::sourceUnavailable(self->chainSource(),
                            u"Base's nodes refused eth_getLogs even for the %1 block(s) %2 to %3 (%4)."_s
                                .arg(windows[i].blocks())
                                .arg(windows[i].from)
                                .arg(windows[i].to)
                                .arg(problem)));
                    continue;
                }
                for (const QJsonValue &log : out.value(u"result"_s).toArray())
                    if (!self->keepLog(log.toObject(), SpendEntry::Direction::Out))
                        return;
                for (const QJsonValue &log : in.value(u"result"_s).toArray())
                    if (!self->keepLog(log.toObject(), SpendEntry::Direction::In))
                        return;
            }
            if (self->m_entries.size() > self->m_maxTransfers)
                return self->fail(ServiceError::unprocessable(u"too_many_transfers"_s,
                    u"This wallet made more than %1 USDC transfers in %2 days, more than one "
                    "statement lists. Nothing was charged; ask for fewer days."_s.arg(self->m_maxTransfers)
                        .arg(self->m_request.days),
                    u"days"_s));
            self->scanLogs();
        },
        onError);
}

void AgentSpendRun::askBlockTimes()
{
    QList<quint64> missing;
    for (const SpendEntry &e : std::as_const(m_entries))
        if (!m_blockTimes.contains(e.log.block) && !missing.contains(e.log.block)
            && missing.size() < ChainReader::MaxCalls)
            missing.append(e.log.block);
    if (missing.isEmpty()) {
        QList<SpendEntry> inPeriod;
        for (SpendEntry &e : m_entries) {
            const qint64 time = m_blockTimes.value(e.log.block);
            e.time = QDateTime::fromSecsSinceEpoch(time, Qt::UTC);
            if (time >= m_since) // the search's first block is exact; this only guards a node's answer
                inPeriod.append(e);
        }
        m_entries = inPeriod;
        return askRates(u"eurofxref-hist-90d.xml"_s, false);
    }
    QList<ChainReader::Call> calls;
    for (quint64 block : std::as_const(missing))
        calls.append(blockByNumber(hex(block)));
    rpc(calls, [self = shared_from_this(), missing](const ChainReader::Answers &answers) {
        for (qsizetype i = 0; i < missing.size(); ++i) {
            const auto time = TransferLog::quantity(answers.responses[i].value(u"result"_s)[u"timestamp"_s]);
            if (!time || *time >= (quint64(1) << 40))
                return self->fail(ServiceError::sourceUnavailable(self->chainSource(),
                    u"Base's node did not answer the timestamp of block %1 (%2)."_s.arg(missing[i])
                        .arg(rpcProblem(answers.responses[i]))));
            self->m_blockTimes.insert(missing[i], qint64(*time));
        }
        self->askBlockTimes();
    });
}

void AgentSpendRun::askRates(const QString &file, bool history)
{
    bool needed = false;
    for (const SpendEntry &e : std::as_const(m_entries))
        needed = needed || (e.direction != SpendEntry::Direction::Self && !e.rate);
    if (!needed)
        return finish();
    const QString source = QString::fromUtf16(MarketSource::EcbFx);
    UpstreamRequest request;
    request.source = source;
    request.path = u"/"_s + file;
    // The 90-day file is ~60 KB, the full history (since 1999) a few MB.
    request.maxResponseBytes = history ? 48 * 1024 * 1024 : 2 * 1024 * 1024;
    request.headers = { { "Accept", "application/xml, text/xml" } };
    const SourceCache::Fetch fetch
        = SourceCache::upstreamFetch(m_services.upstream, std::move(request), m_services.clock);
    m_services.cache.get(source + u':' + file, msSincePublication(m_services.clock.now().toUTC()), fetch,
        [self = shared_from_this(), history, source, file](SourceCache::Fetched fetched) {
            if (self->m_finished)
                return;
            if (!fetched.ok())
                return self->fail(fetched.error());
            const FetchedBody &body = fetched.value();
            if (body.httpStatus != 200)
                return self->fail(ServiceError::sourceUnavailable(source,
                    u"The ECB reference-rates file answered HTTP %1. Nothing was charged; retry later."_s.arg(
                        body.httpStatus)));
            self->m_fxSources.append(body.provenance(self->m_services.clock.now()));
            self->m_parsed->usdRates(file, body, [self, history](Result<ParsedRates::Rates> rates) {
                if (self->m_finished)
                    return;
                if (!rates.ok())
                    return self->fail(rates.error());
                for (SpendEntry &e : self->m_entries)
                    if (!e.rate)
                        e.rate = rates.value()->rateOn(e.day());
                if (history)
                    return self->finish();
                // A day before the 90-day file's first one: the full history has it.
                self->askRates(u"eurofxref-hist.xml"_s, true);
            });
        });
}

void AgentSpendRun::finish()
{
    if (m_finished)
        return;
    for (SpendEntry &e : m_entries)
        if (e.rate)
            e.eurCents = EurAmount::centsOf(e.log.amount, e.rate->rate);
    using D = SpendEntry::Direction;
    int selfTransfers = 0;
    for (const SpendEntry &e : std::as_const(m_entries))
        selfTransfers += e.direction == D::Self ? 1 : 0;
    const QByteArray walletBytes = QByteArray::fromHex(m_request.wallet.mid(2).toLatin1());
    QJsonObject chainData {
        { u"contract"_s, u"agent-chain-data/1"_s },
        { u"chain"_s, m_headEvidence.value(u"chain"_s) },
        { u"chain_id"_s, m_headEvidence.value(u"chain_id"_s) },
        { u"observed_block"_s, QString::number(m_head) },
        { u"checked_at"_s, m_headEvidence.value(u"checked_at"_s) },
        { u"endpoints"_s, QJsonArray::fromStringList(m_endpoints) },
        { u"rpc_batches"_s, m_batches },
        { u"sources"_s, m_rpcSources },
    };
    if (!m_failover.isEmpty())
        chainData.insert(u"failover"_s, m_failover);
    if (!m_refusedWindows.isEmpty())
        chainData.insert(u"refused_windows"_s, m_refusedWindows);
    const QString wallet = toChecksumAddress(walletBytes);
    QJsonObject data {
        { u"wallet"_s, wallet },
        { u"chain"_s, u"base"_s },
        { u"token"_s,
            QJsonObject {
                { u"contract"_s, toChecksumAddress(QByteArray::fromHex(m_contract.mid(2).toLatin1())) },
                { u"symbol"_s, u"USDC"_s }, { u"decimals"_s, 6 } } },
        { u"period"_s,
            QJsonObject { { u"days"_s, m_request.days },
                { u"from"_s, QDateTime::fromSecsSinceEpoch(m_since, Qt::UTC).toString(Qt::ISODate) },
                { u"to"_s, m_now.toString(Qt::ISODate) }, { u"first_block"_s, QString::number(m_firstBlock) },
                { u"last_block"_s, QString::number(m_head) } } },
        { u"self_transfers"_s, selfTransfers },
        { u"conversion"_s,
            QJsonObject {
                { u"rule"_s,
                    u"USDC is taken as US dollars at par. Each transfer is converted at the ECB "
                    "euro reference rate (US dollars per euro) of its block's UTC date; on a weekend "
                    "or TARGET holiday, the latest earlier rate, as each transfer's rate_note says. "
                    "Euro amounts are rounded to the cent per transfer and totals add the rounded "
                    "amounts. ECB reference rates are for information, not transaction prices."_s },
                { u"rate_source"_s, u"ECB euro foreign exchange reference rates"_s },
            } },
        { u"vat"_s, SpendStatement::vatNote() },
        { u"sources"_s,
            QJsonObject { { u"chain"_s, chainData },
                { u"ecb"_s,
                    m_fxSources.isEmpty() ? QJsonValue(u"not needed: no transfer to convert"_s)
                                          : QJsonValue(m_fxSources) } } },
        { u"format"_s, m_request.csv ? u"csv"_s : u"json"_s },
    };
    if (m_request.csv)
        data.insert(u"csv"_s, SpendStatement::csv(m_entries));
    // The parts that grow with the transfers come as canonical text and are placed into the rest's.
    const QByteArray received = CanonicalJson::withSerialisedMembers("{}",
        { { u"transfers"_s, SpendStatement::transfers(m_entries, D::In) },
            { u"payers"_s, SpendStatement::byCounterparty(m_entries, D::In) },
            { u"totals"_s, SpendStatement::totals(m_entries, D::In) } });
    QByteArray text = CanonicalJson::withSerialisedMembers(CanonicalJson::serialise(data),
        { { u"payments"_s, SpendStatement::transfers(m_entries, D::Out) },
            { u"payees"_s, SpendStatement::byCounterparty(m_entries, D::Out) },
            { u"totals"_s, SpendStatement::totals(m_entries, D::Out) }, { u"received"_s, received } });
    m_finished = true;
    m_done(OperationResult {
        JsonBody::fromCanonical(std::move(text)), u"base %1 %2 days"_s.arg(wallet).arg(m_request.days), 1 });
}

} // namespace ades::market
