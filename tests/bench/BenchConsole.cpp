// Not a QtTest: the console's event loop under load (issue 21: "the GUI thread never blocks"). Starts the
// complete service and the console (the main window on the dashboard, and the live calls page beside it,
// selecting the newest call every second so the detail pane reads the store), sends 200 calls a second to
// /v1/iban over HTTP from another thread for BENCH_SECONDS (default 30), and measures on the GUI thread how
// late a 1 ms timer fires: its largest gap is the longest stall of the event loop (goal ≤ 50 ms).
// Run under a real display for the figure (docs/benchmarks.md):
//   DISPLAY=:61 build/tests/BenchConsole   (BENCH_SECONDS, BENCH_RATE, BENCH_PAGES=dashboard,
//   BENCH_WINDOW=30d)
#include "CallDetailPane.h"
#include "CallLogModel.h"
#include "DashboardPage.h"
#include "LiveCallsPage.h"
#include "MainWindow.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// Sends `rate` GET requests a second on its own thread (its own event loop and network manager), paced by
// a precise timer in slices of 10 ms so that the rate holds even when one slice is late.
class LoadGenerator : public QObject
{
public:
    LoadGenerator(quint16 port, QByteArray key, int rate)
        : m_port(port)
        , m_key(std::move(key))
        , m_rate(rate)
    { }

    void start()
    {
        m_network = new QNetworkAccessManager(this);
        m_clock.start();
        auto *timer = new QTimer(this);
        timer->setTimerType(Qt::PreciseTimer);
        timer->setInterval(10);
        connect(timer, &QTimer::timeout, this, [this]() { tick(); });
        timer->start();
    }

    std::atomic<qint64> sent { 0 };
    std::atomic<qint64> answered { 0 };
    std::atomic<qint64> ok { 0 };

private:
    void tick()
    {
        const qint64 due = m_clock.elapsed() * m_rate / 1000;
        while (sent < due) {
            QNetworkRequest request(
                QUrl(u"http://127.0.0.1:%1/v1/iban?iban=DE89370400440532013000"_s.arg(m_port)));
            request.setRawHeader("X-API-Key", m_key);
            QNetworkReply *reply = m_network->get(request);
            ++sent;
            connect(reply, &QNetworkReply::finished, this, [this, reply]() {
                ++answered;
                if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200)
                    ++ok;
                reply->deleteLater();
            });
        }
    }

    quint16 m_port;
    QByteArray m_key;
    int m_rate;
    QNetworkAccessManager *m_network = nullptr;
    QElapsedTimer m_clock;
};

// Times every event the GUI thread dispatches and keeps the slowest: where a stall comes from.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;

    struct Slow
    {
        qint64 ms;
        QString what;
    };

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        QElapsedTimer timer;
        timer.start();
        const int type = int(event->type());
        const bool result = QApplication::notify(receiver, event);
        const qint64 ms = timer.elapsed();
        if (ms >= 20 && slowest.size() < 200)
            slowest.append({ ms,
                u"%1 (%2) event %3"_s
                    .arg(QString::fromLatin1(receiver->metaObject()->className()), receiver->objectName())
                    .arg(type) });
        return result;
    }

    QList<Slow> slowest;
};

} // namespace

int main(int argc, char **argv)
{
    TimedApplication app(argc, argv);
    const int seconds
        = qEnvironmentVariableIsSet("BENCH_SECONDS") ? qEnvironmentVariableIntValue("BENCH_SECONDS") : 30;
    const int rate
        = qEnvironmentVariableIsSet("BENCH_RATE") ? qEnvironmentVariableIntValue("BENCH_RATE") : 200;
    QTemporaryDir dir;
    auto context = ServiceContext::createForTests(dir.path());
    const auto key = context->store().keys().create(u"bench"_s, u"full"_s, std::nullopt);
    if (!key.ok())
        return 1;

    ServiceHost host(*context);
    ui::MainWindow window(host);
    window.resize(1280, 800);
    window.show(); // opens on the dashboard
    ui::LiveCallsPage calls(host);
    calls.resize(1280, 800);
    // BENCH_PAGES=dashboard leaves the second window out (to tell the pages' costs apart).
    if (qgetenv("BENCH_PAGES") != "dashboard")
        calls.show();
    auto *dashboard = window.findChild<ui::DashboardPage *>();
    if (!dashboard || window.currentPage() != dashboard) {
        std::fprintf(stderr, "the dashboard is not the current page\n");
        return 1;
    }

    // BENCH_WINDOW=30d draws the 30-day chart (720 hourly points per channel) instead of the hour's.
    if (qgetenv("BENCH_WINDOW") == "30d")
        dashboard->setWindow(CallStatistics::Window::Last30Days);

    QThread loadThread;
    LoadGenerator *load = nullptr;
    QElapsedTimer runClock;
    QList<qint64> gaps; // ms between two firings of the 1 ms probe timer
    gaps.reserve(seconds * 1000);
    QElapsedTimer probeClock;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&]() { gaps.append(probeClock.restart()); });
    // Every second the newest call is selected: the detail pane asks the store for it.
    QTimer select;
    select.setInterval(1000);
    QObject::connect(&select, &QTimer::timeout, [&]() {
        if (calls.filterModel()->rowCount() > 0)
            calls.view()->selectRow(0);
    });

    int detailsRead = 0;
    QObject::connect(
        &host, &ServiceHost::callDetailReady, [&](qint64, bool found) { detailsRead += found ? 1 : 0; });
    QObject::connect(&host, &ServiceHost::started, [&](quint16 port) {
        load = new LoadGenerator(port, key.value().key.toUtf8(), rate);
        load->moveToThread(&loadThread);
        QObject::connect(&loadThread, &QThread::finished, load, &QObject::deleteLater);
        loadThread.start();
        QMetaObject::invokeMethod(load, [load]() { load->start(); });
        runClock.start();
        probeClock.start();
        probe.start();
        select.start();
        QTimer::singleShot(seconds * 1000, &app, &QApplication::quit);
    });
    host.start(QHostAddress::LocalHost, 0);
    app.exec();

    probe.stop();
    const qint64 elapsedMs = runClock.elapsed();
    const qint64 sent = load ? load->sent.load() : 0;
    const qint64 answered = load ? load->answered.load() : 0;
    const qint64 ok = load ? load->ok.load() : 0;
    loadThread.quit();
    loadThread.wait();
    const int reports = dashboard->reportsApplied();
    const qint64 shownCalls = dashboard->report().calls;

    host.stop();

    QList<qint64> sorted = gaps;
    std::sort(sorted.begin(), sorted.end());
    const auto at = [&sorted](double q) {
        return sorted.isEmpty() ? qint64(-1)
                                : sorted.at(qMin(sorted.size() - 1, qsizetype(q * sorted.size())));
    };
    std::printf("platform: %s\n", qPrintable(QGuiApplication::platformName()));
    std::printf("duration: %.1f s, target rate %d/s\n", elapsedMs / 1000.0, rate);
    std::printf("requests: %lld sent, %lld answered (%lld with 200) = %.1f answered/s\n", sent, answered, ok,
        answered * 1000.0 / qMax<qint64>(1, elapsedMs));
    std::printf(
        "dashboard: %d reports applied, the last counts %lld calls in its window\n", reports, shownCalls);
    std::printf(
        "live calls: %d rows, %d call details read from the store\n", calls.model()->rowCount(), detailsRead);
    std::printf("event loop (1 ms probe timer, %lld firings): gap p50 %lld ms, p99 %lld ms, p99.9 %lld ms, "
                "longest %lld ms (goal <= 50 ms)\n",
        qint64(sorted.size()), at(0.5), at(0.99), at(0.999), sorted.isEmpty() ? -1 : sorted.last());
    std::sort(
        app.slowest.begin(), app.slowest.end(), [](const auto &a, const auto &b) { return a.ms > b.ms; });
    for (qsizetype i = 0; i < qMin<qsizetype>(12, app.slowest.size()); ++i)
        std::printf("  slow event: %lld ms %s\n", app.slowest.at(i).ms, qPrintable(app.slowest.at(i).what));
    return 0;
}
