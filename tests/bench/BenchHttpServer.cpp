// Not a QtTest: a server for wrk. Starts the complete ADES service and, in the same process, a bare
// QHttpServer route answering a JSON body of the same size as an IBAN result, so that
// tests/bench/http/run.sh can compare /v1/iban with the bare route (docs/benchmarks.md).
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptSigner.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QThread>
#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // run.sh stops the server with SIGTERM, which leaves no QTemporaryDir cleanup to run: it passes a folder
    // of its own (BENCH_DATA_DIR) and removes it itself. A database of a minute's calls is several 100 MB.
    QTemporaryDir ownDir;
    const QString dataDir = qEnvironmentVariableIsSet("BENCH_DATA_DIR")
        ? qEnvironmentVariable("BENCH_DATA_DIR")
        : ownDir.path();
    // BENCH_HTTP_THREADS compares I/O thread counts (http/threads, default 2).
    QHash<QString, QString> settings;
    if (const QByteArray threads = qgetenv("BENCH_HTTP_THREADS"); !threads.isEmpty())
        settings.insert(u"http/threads"_s, QString::fromLatin1(threads));
    auto context = ades::ServiceContext::createForTests(dataDir, settings);
    const auto key = context->store().keys().create(u"bench"_s, u"full"_s, std::nullopt);
    if (!key.ok())
        return 1;

    ades::ServiceHost host(*context);
    QObject::connect(&host, &ades::ServiceHost::started, [&](quint16 port) {
        std::printf("ADES_PORT=%u\nADES_KEY=%s\n", port, qPrintable(key.value().key));
        std::fflush(stdout);
    });
    host.start(QHostAddress::LocalHost, 0);

    // The bare route runs on its own thread too, like the service, with a body of the same size.
    QThread bareThread;
    bareThread.start();
    QHttpServer *bare = new QHttpServer;
    bare->moveToThread(&bareThread);
    const ades::ReceiptSigner &signer = context->signer();
    QMetaObject::invokeMethod(
        bare,
        [bare, &signer]() {
            const QByteArray body
                = QByteArray(R"({"valid":true,"padding":")") + QByteArray(1800, 'x') + "\"}";
            bare->route(u"/bare"_s, [body]() { return QHttpServerResponse("application/json", body); });
            // The floor of any receipt-bearing route: the same bare route plus one signed receipt per
            // response.
            const QJsonObject result = QJsonDocument::fromJson(body).object();
            bare->route(u"/bare-signed"_s, [result, &signer]() {
                return QHttpServerResponse(
                    "application/json", signer.attach(result, u"bench"_s).body.canonical());
            });
            const quint16 port = bare->listen(QHostAddress::LocalHost, 0);
            std::printf("BARE_PORT=%u\n", port);
            std::fflush(stdout);
        },
        Qt::QueuedConnection);
    QObject::connect(&bareThread, &QThread::finished, bare, &QObject::deleteLater);

    const int code = QCoreApplication::exec();
    bareThread.quit();
    bareThread.wait();
    return code;
}
