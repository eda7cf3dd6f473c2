#include "MainWindow.h"
#include "Translations.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QDir>
#include <QImage>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;

// A picture of every page of the console at 1280×800, in English and in German, into the build folder
// (tests/screenshots/<language>/NN-<page>.png). The pages are taken from the window one by one, so a page
// another part adds with MainWindow::addPage is photographed without a line here. Each picture must show
// something: many colours, and no single colour covering nearly all of it. docs/screenshots/ holds the
// English ones (copied from here by hand when the pages change).
class TestConsoleScreens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void everyPage_data();
    void everyPage();

private:
    static void settle();

    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
};

void TestConsoleScreens::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    m_context = ServiceContext::createForTests(m_dir.filePath(u"data"_s));
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(10'000));
}

void TestConsoleScreens::cleanupTestCase()
{
    m_host->stop();
    m_host.reset();
    m_context.reset();
}

void TestConsoleScreens::everyPage_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

void TestConsoleScreens::everyPage()
{
    QFETCH(QString, language);
    QTranslator translator;
    QVERIFY(loadTranslation(translator, QLocale(language)));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    QLocale::setDefault(QLocale(language));

    MainWindow window(*m_host);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Real calls to the running service, so the call list shows what a fresh console shows after a few.
    QNetworkAccessManager network;
    for (const QString &path : { u"/v1/health"_s, u"/verify"_s, u"/x402/iban/DE89370400440532013000"_s }) {
        std::unique_ptr<QNetworkReply> reply(
            network.get(QNetworkRequest(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_host->port()).arg(path)))));
        QSignalSpy finished(reply.get(), &QNetworkReply::finished);
        QVERIFY(finished.wait(10'000));
    }
    QTest::qWait(200); // the calls reach the window through queued signals

    const QString folder
        = QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots/"_s + language);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(window.pageCount() >= 4);
    for (int index = 0; index < window.pageCount(); ++index) {
        window.setCurrentPageIndex(index);
        QCOMPARE(window.currentPage(), window.page(index));
        settle();
        const QImage image = window.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(image.size(), QSize(1280, 800));
        QString name = window.page(index)->objectName();
        if (name.isEmpty()) // the class name, without its namespace
            name = QString::fromLatin1(window.page(index)->metaObject()->className()).section(u"::"_s, -1);
        const QString file
            = QDir(folder).filePath(u"%1-%2.png"_s.arg(index + 1, 2, 10, QChar(u'0')).arg(name));
        QVERIFY2(image.save(file), qPrintable(file));

        // Not blank: a rendered page has text, frames and highlights in many shades; an empty or
        // uniform picture has a handful, dominated by one.
        QHash<QRgb, int> colours;
        for (int y = 0; y < image.height(); ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x)
                ++colours[line[x]];
        }
        int largest = 0;
        for (const int count : std::as_const(colours))
            largest = qMax(largest, count);
        const double share = double(largest) / (image.width() * image.height());
        QVERIFY2(colours.size() > 32, qPrintable(u"%1: %2 colours"_s.arg(file).arg(colours.size())));
        QVERIFY2(share < 0.97, qPrintable(u"%1: one colour covers %2%"_s.arg(file).arg(share * 100)));
    }
    QCoreApplication::removeTranslator(&translator);
}

// Posted layout requests settle one nesting level per round; deliver them before grabbing.
void TestConsoleScreens::settle()
{
    for (int round = 0; round < 8; ++round) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}

QTEST_MAIN(TestConsoleScreens)
#include "TestConsoleScreens.moc"
