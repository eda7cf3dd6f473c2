// Two `ades serve` behind nginx on one PostgreSQL against one `ades serve` on SQLite (docs/benchmarks.md,
// "Several instances"): requests per second and p99 of GET /v1/iban with an unlimited key and of paid
// x402 calls (/x402/iban/{iban}, a fresh signed authorization per call, settled by a fake facilitator on
// its own thread), then sustained load on the two instances with the resident memory of both sampled.
// Everything runs on this machine: the load, nginx, PostgreSQL and the instances share its cores.
//
// Usage: BenchSeveralInstances [seconds per measurement, 10] [connections, 64] [sustained seconds, 60]
#include "FakeFacilitator.h"
#include "NginxBalancer.h"
#include "PostgresCluster.h"
#include "ServeProcess.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

struct Outcome
{
    qint64 answered = 0;
    qint64 errors = 0; // not 200, or the connection failed
    double seconds = 0;
    std::vector<qint64> latenciesUs;

    double perSecond() const { return seconds > 0 ? double(answered) / seconds : 0; }
    double p99Ms()
    {
        if (latenciesUs.size() == 1)
            return double(latenciesUs.front()) / 1000.0; // wrk's own p99
        if (latenciesUs.empty())
            return 0;
        std::sort(latenciesUs.begin(), latenciesUs.end());
        return double(latenciesUs[latenciesUs.size() * 99 / 100]) / 1000.0;
    }
};

// One keep-alive HTTP/1.1 connection that sends the next request as soon as the previous answer is complete.
class LoadConnection
{
public:
    LoadConnection(quint16 port, std::function<QByteArray()> nextRequest, Outcome &outcome, const bool &stop)
        : m_port(port)
        , m_next(std::move(nextRequest))
        , m_outcome(outcome)
        , m_stop(stop)
    {
        QObject::connect(&m_socket, &QTcpSocket::connected, &m_socket, [this] { send(); });
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket, [this] { read(); });
        QObject::connect(&m_socket, &QTcpSocket::disconnected, &m_socket, [this] { reconnect(); });
        m_socket.connectToHost(QHostAddress::LocalHost, m_port);
    }

private:
    void send()
    {
        if (m_stop)
            return;
        m_buffer.clear();
        m_timer.start();
        m_waiting = true;
        m_socket.write(m_next());
    }
    void read()
    {
        m_buffer += m_socket.readAll();
        const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return;
        const QByteArray head = m_buffer.left(headEnd).toLower();
        const qsizetype at = head.indexOf("content-length:");
        const qint64 length
            = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
        if (m_buffer.size() < headEnd + 4 + length)
            return;
        const bool ok = m_buffer.startsWith("HTTP/1.1 200");
        m_waiting = false;
        m_outcome.latenciesUs.push_back(m_timer.nsecsElapsed() / 1000);
        ++m_outcome.answered;
        m_outcome.errors += ok ? 0 : 1;
        if (!ok && m_outcome.errors <= 3)
            std::fprintf(stderr, "non-200: %s\n", m_buffer.left(300).constData());
        if (head.contains("\r\nconnection: close")) {
            // The server ends the connection after this answer (nginx after 1000 requests on one): the
            // next request goes on a new one, as any HTTP client would do (abort() emits disconnected, and
            // reconnect() opens it).
            m_socket.abort();
            return;
        }
        send();
    }
    void reconnect()
    {
        if (m_stop)
            return;
        // A server may close a keep-alive connection after an answer (nginx after 1000 requests): only a
        // request left without its answer is an error.
        if (m_waiting)
            ++m_outcome.errors;
        m_waiting = false;
        m_socket.connectToHost(QHostAddress::LocalHost, m_port);
    }

    QTcpSocket m_socket;
    quint16 m_port;
    std::function<QByteArray()> m_next;
    Outcome &m_outcome;
    const bool &m_stop;
    QByteArray m_buffer;
    QElapsedTimer m_timer;
    bool m_waiting = false; // a request was sent and its answer is not complete
};

qint64 residentKiB(qint64 pid)
{
    QFile status(u"/proc/%1/status"_s.arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return 0;
}

// `connections` connections for `seconds`; `sample` runs about every `sampleMs`.
Outcome drive(quint16 port, int connections, int seconds, const std::function<QByteArray()> &nextRequest,
    const std::function<void()> &sample = {}, int sampleMs = 5000)
{
    Outcome outcome;
    bool stop = false;
    std::vector<std::unique_ptr<LoadConnection>> open;
    for (int i = 0; i < connections; ++i)
        open.push_back(std::make_unique<LoadConnection>(port, nextRequest, outcome, stop));
    // An event loop that sleeps while no socket has anything: a busy loop here would take CPU from the
    // server on the same cores.
    QElapsedTimer elapsed;
    elapsed.start();
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    QTimer sampler;
    if (sample) {
        QObject::connect(&sampler, &QTimer::timeout, &loop, sample);
        sampler.start(sampleMs);
    }
    loop.exec();
    outcome.seconds = double(elapsed.nsecsElapsed()) / 1e9;
    stop = true;
    open.clear();
    return outcome;
}

QByteArray get(const QString &pathAndQuery, const QByteArray &headerName, const QByteArray &headerValue)
{
    return "GET " + pathAndQuery.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headerName + ": "
        + headerValue + "\r\n\r\n";
}

QJsonObject offerOf(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    socket.waitForConnected(5000);
    socket.write(
        "GET /x402/iban/DE89370400440532013000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray answer;
    while (socket.waitForReadyRead(5000))
        answer += socket.readAll();
    for (const QByteArray &line : answer.split('\n')) {
        if (line.toLower().startsWith("payment-required:"))
            return firstOffer(line.mid(17).trimmed());
    }
    return {};
}

void report(const char *setup, const char *what, Outcome outcome)
{
    std::printf("%-34s %-22s %8.0f req/s  p99 %7.2f ms  %lld answers, %lld errors\n", setup, what,
        outcome.perSecond(), outcome.p99Ms(), outcome.answered, outcome.errors);
    std::fflush(stdout);
}

QString unlimitedKey(const StoreLocation &location)
{
    Result<std::unique_ptr<Store>> store = Store::open(location);
    if (!store.ok())
        return {};
    const Result<NewApiKey> key = store.value()->keys().create(u"bench"_s, u"full"_s, std::nullopt);
    return key.ok() ? key.value().key : QString();
}

// wrk (Debian's wrk 4) for a fixed request: far less CPU per request than this process's own driver, so
// the machine's cores go to the servers. Nullopt without wrk.
std::optional<Outcome> wrk(
    quint16 port, const QString &pathAndQuery, const QByteArray &header, int seconds, int connections)
{
    QProcess process;
    process.start(u"wrk"_s,
        { u"-t2"_s, u"-c%1"_s.arg(connections), u"-d%1s"_s.arg(seconds), u"--latency"_s, u"-H"_s,
            QString::fromLatin1(header), u"http://127.0.0.1:%1%2"_s.arg(port).arg(pathAndQuery) });
    if (!process.waitForStarted(5000) || !process.waitForFinished((seconds + 30) * 1000))
        return std::nullopt;
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    Outcome outcome;
    outcome.seconds = seconds;
    static const QRegularExpression answered(u"(\\d+) requests in"_s);
    static const QRegularExpression p99(u"\\s99%\\s+([0-9.]+)(us|ms|s)"_s);
    static const QRegularExpression non2xx(u"Non-2xx or 3xx responses: (\\d+)"_s);
    static const QRegularExpression socketErrors(
        u"Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)"_s);
    outcome.answered = answered.match(out).captured(1).toLongLong();
    outcome.errors = non2xx.match(out).captured(1).toLongLong();
    const QRegularExpressionMatch socket = socketErrors.match(out);
    for (int i = 1; socket.hasMatch() && i <= 4; ++i)
        outcome.errors += socket.captured(i).toLongLong();
    const QRegularExpressionMatch tail = p99.match(out);
    if (tail.hasMatch()) {
        const double value = tail.captured(1).toDouble();
        const QString unit = tail.captured(2);
        outcome.latenciesUs = { qint64(unit == u"us"_s ? value
                : unit == u"ms"_s                      ? value * 1000
                                                       : value * 1e6) };
    }
    return outcome;
}

// /v1/iban with the key, then paid calls, against `port`.
void measure(const char *setup, quint16 port, const QString &key, int seconds, int connections)
{
    const QString iban = u"/v1/iban?value=DE89370400440532013000"_s;
    if (std::optional<Outcome> measured
        = wrk(port, iban, "X-API-Key: " + key.toLatin1(), seconds, connections))
        report(setup, "GET /v1/iban (key, wrk)", *measured);
    report(setup, "GET /v1/iban (key)",
        drive(port, connections, seconds, [&] { return get(iban, "X-API-Key", key.toLatin1()); }));
    const QJsonObject offer = offerOf(port);
    if (offer.isEmpty()) {
        std::printf("%s: no x402 offer\n", setup);
        return;
    }
    const PrivateKey payer = PrivateKey::generate();
    report(setup, "GET /x402/iban (paid)", drive(port, connections, seconds, [&] {
        const QByteArray payment = QJsonDocument(signedPayment(payer, offer, {}, {}, 600))
                                       .toJson(QJsonDocument::Compact)
                                       .toBase64();
        return get(u"/x402/iban/DE89370400440532013000"_s, "PAYMENT-SIGNATURE", payment);
    }));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int seconds = args.size() > 1 ? args.at(1).toInt() : 10;
    const int connections = args.size() > 2 ? args.at(2).toInt() : 64;
    const int sustained = args.size() > 3 ? args.at(3).toInt() : 60;
    if (ServeProcess::binary().isEmpty() || !PostgresCluster::unavailableReason().isEmpty()
        || !NginxBalancer::unavailableReason().isEmpty()) {
        std::fprintf(stderr, "needs build/app/ades, PostgreSQL and nginx\n");
        return 77;
    }

    // The facilitator answers on a thread of its own, so that the load driver never delays it.
    QThread facilitatorThread;
    facilitatorThread.start();
    QObject anchor;
    anchor.moveToThread(&facilitatorThread);
    FakeFacilitator *facilitator = nullptr;
    QMetaObject::invokeMethod(
        &anchor, [&] { facilitator = new FakeFacilitator; }, Qt::BlockingQueuedConnection);
    QHash<QString, QString> settings = localX402Settings(facilitator->baseUrl());
    settings.insert(u"http/access_log"_s, u"false"_s);
    // The load comes from one address: without nginx, its 64 connections must not meet the per-address cap.
    settings.insert(u"http/max_connections_per_address"_s, u"1000"_s);

    QTemporaryDir dir;
    {
        // One instance on SQLite.
        const StoreLocation sqlite = StoreLocation::sqlite(dir.filePath(u"single/ades.sqlite"_s));
        const QString key = unlimitedKey(sqlite);
        ServeProcess single;
        if (!single.start(dir.filePath(u"single"_s), settings)) {
            std::fprintf(stderr, "%s\n", qPrintable(single.error()));
            return 1;
        }
        measure("1 instance, SQLite", single.port(), key, seconds, connections);
        single.stop();
    }

    // Two instances on PostgreSQL behind nginx.
    PostgresCluster cluster;
    if (!cluster.start() || !cluster.createDatabase(u"ades"_s)) {
        std::fprintf(stderr, "%s\n", qPrintable(cluster.error()));
        return 1;
    }
    settings.insert(u"store/url"_s, cluster.url(u"ades"_s));
    settings.insert(u"http/trusted_proxies"_s, u"127.0.0.1"_s);
    settings.insert(u"issuer/key_file"_s, dir.filePath(u"issuer.key"_s));
    ServeProcess a;
    ServeProcess b;
    NginxBalancer nginx;
    if (!a.start(dir.filePath(u"a"_s), settings) || !b.start(dir.filePath(u"b"_s), settings)
        || !nginx.start({ a.port(), b.port() })) {
        std::fprintf(
            stderr, "%s %s %s\n", qPrintable(a.error()), qPrintable(b.error()), qPrintable(nginx.error()));
        return 1;
    }
    Result<StoreLocation> postgres = StoreLocation::fromUrl(cluster.url(u"ades"_s), dir.filePath(u"bench"_s));
    const QString key = unlimitedKey(postgres.value());
    measure("2 instances, PostgreSQL, nginx", nginx.port(), key, seconds, connections);

    // Sustained: /v1/iban through nginx, the memory of both instances every 5 s.
    std::printf("sustained %d s at %d connections, resident memory of the two instances (MiB):\n", sustained,
        connections);
    const auto sample = [&] {
        std::printf("  %6.1f %6.1f\n", double(residentKiB(a.process().processId())) / 1024.0,
            double(residentKiB(b.process().processId())) / 1024.0);
        std::fflush(stdout);
    };
    sample();
    report("2 instances, PostgreSQL, nginx", "sustained /v1/iban",
        drive(
            nginx.port(), connections, sustained,
            [&] { return get(u"/v1/iban?value=DE89370400440532013000"_s, "X-API-Key", key.toLatin1()); },
            sample));
    a.stop();
    b.stop();
    QMetaObject::invokeMethod(
        &anchor, [&] { delete facilitator; }, Qt::BlockingQueuedConnection);
    facilitatorThread.quit();
    facilitatorThread.wait();
    return 0;
}
