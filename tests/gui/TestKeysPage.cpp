#include "CreateKeyDialog.h"
#include "KeyListModel.h"
#include "KeyUsageChart.h"
#include "KeysPage.h"
#include "MainWindow.h"
#include "NewKeyDialog.h"
#include "PlanDialog.h"
#include "PlanQuotaFields.h"
#include "Translations.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QApplication>
#include <QChart>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;

// The keys and quotas page against a real service context: every action goes through ServiceHost to the
// store on the host's console thread, and the test checks the store itself afterwards.
class TestKeysPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void pageIsInTheWindow();
    void createShownOnceListedRevoked();
    void revokeCancelledKeepsKey();
    void refusedEmailCreatesNothing();
    void planAndQuotaChangeReachTheStore();
    void usageChartShowsDailyCalls();
    void everyControlHasAnAccessibleName();
    void germanStrings();

private:
    // Refreshes the page until its list has the key, then selects it. An answer to an earlier refresh
    // (after a plan change, say) may arrive first, without the key.
    bool selectListedKey(const QString &id);
    static QPushButton *dialogButton(QDialog *dialog, QDialogButtonBox::StandardButton which);
    const ApiKeyRecord *storedKey(const QString &id);

    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<KeysPage> m_page;
    QList<ApiKeyRecord> m_stored;
};

void TestKeysPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("ADES_LANG", "en");
    installTranslations(*QCoreApplication::instance());
    m_context = ServiceContext::createForTests(m_dir.filePath(u"data"_s));
    m_host = std::make_unique<ServiceHost>(*m_context);
    m_page = std::make_unique<KeysPage>(*m_host);
    QSignalSpy refreshed(m_page.get(), &KeysPage::keysRefreshed);
    m_page->resize(1100, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    // Shown for the first time: the page asks for the list by itself (the answer may already have come
    // while the window was being exposed).
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0, 5000);
    QCOMPARE(m_page->model()->rowCount(), 0);
}

void TestKeysPage::cleanupTestCase()
{
    m_page.reset();
    m_host.reset();
    m_context.reset();
}

bool TestKeysPage::selectListedKey(const QString &id)
{
    m_page->refresh();
    QElapsedTimer waited;
    waited.start();
    while (m_page->model()->rowOf(id) < 0 && waited.elapsed() < 5000)
        QTest::qWait(10);
    m_page->selectKey(id);
    return m_page->selectedKeyId() == id;
}

QPushButton *TestKeysPage::dialogButton(QDialog *dialog, QDialogButtonBox::StandardButton which)
{
    auto *box = dialog->findChild<QDialogButtonBox *>();
    return box ? box->button(which) : nullptr;
}

const ApiKeyRecord *TestKeysPage::storedKey(const QString &id)
{
    m_stored = m_context->store().keys().list();
    for (const ApiKeyRecord &key : std::as_const(m_stored)) {
        if (key.id == id)
            return &key;
    }
    return nullptr;
}

void TestKeysPage::pageIsInTheWindow()
{
    MainWindow window(*m_host);
    QVERIFY(window.findChild<KeysPage *>());
}

void TestKeysPage::createShownOnceListedRevoked()
{
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"createKeyButton"_s), Qt::LeftButton);
    CreateKeyDialog *create = nullptr;
    QTRY_VERIFY((create = m_page->findChild<CreateKeyDialog *>()) && create->isVisible());
    QTest::keyClicks(create->findChild<QLineEdit *>(u"keyLabelEdit"_s), u"Webshop M"_s);
    create->findChild<QLineEdit *>(u"keyLabelEdit"_s)->insert(u"üller"_s); // keyClicks types ASCII only
    QTest::keyClicks(create->findChild<QLineEdit *>(u"keyEmailEdit"_s), u"it@mueller.example"_s);
    create->planFields()->planBox()->setCurrentIndex(create->planFields()->planBox()->findData(u"full"_s));
    QVERIFY(create->planFields()->unlimitedBox()->isChecked()); // full proposes no limit
    QTest::mouseClick(dialogButton(create, QDialogButtonBox::Ok), Qt::LeftButton);

    // Shown once: in its own dialog, with a copy button.
    QTRY_VERIFY_WITH_TIMEOUT(m_page->newKeyDialog() && m_page->newKeyDialog()->isVisible(), 5000);
    QPointer<NewKeyDialog> shown = m_page->newKeyDialog();
    const QString key = shown->keyField()->text();
    QVERIFY2(QRegularExpression(u"^ades_[0-9A-Za-z]{40}$"_s).match(key).hasMatch(), qPrintable(key));
    QVERIFY(shown->keyField()->isReadOnly());
    QTest::mouseClick(shown->copyButton(), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), key);

    // The store has it, active, as it was asked for.
    const std::optional<ApiKeyRecord> active = m_context->store().keys().findActive(key);
    QVERIFY(active);
    QCOMPARE(active->label, u"Webshop Müller"_s);
    QCOMPARE(active->email, u"it@mueller.example"_s);
    QCOMPARE(active->plan, u"full"_s);
    QCOMPARE(active->callLimit, std::nullopt);

    // Listed by its prefix, selected; the full key is nowhere in the list.
    const QString prefix = key.left(ApiKeys::KeyPrefixLength);
    QTRY_VERIFY_WITH_TIMEOUT(m_page->model()->rowOf(prefix) >= 0, 5000);
    const int row = m_page->model()->rowOf(prefix);
    QCOMPARE(m_page->model()->index(row, KeyListModel::PrefixColumn).data().toString(), prefix + u"…"_s);
    QCOMPARE(
        m_page->model()->index(row, KeyListModel::EmailColumn).data().toString(), u"it@mueller.example"_s);
    QCOMPARE(m_page->model()->index(row, KeyListModel::QuotaColumn).data().toString(), u"unlimited"_s);
    QCOMPARE(m_page->model()->index(row, KeyListModel::LastUseColumn).data().toString(), u"never"_s);
    QTRY_COMPARE(m_page->selectedKeyId(), active->id);
    for (int r = 0; r < m_page->model()->rowCount(); ++r) {
        for (int c = 0; c < KeyListModel::ColumnCount; ++c) {
            QVERIFY(!m_page->model()->index(r, c).data().toString().contains(key));
            QVERIFY(!m_page->model()->index(r, c).data(Qt::ToolTipRole).toString().contains(key));
        }
    }

    // Closed, the key is gone from the console: no widget holds its text any more.
    QTest::mouseClick(dialogButton(shown, QDialogButtonBox::Close), Qt::LeftButton);
    QTRY_VERIFY(shown.isNull()); // deleted on close
    const QList<QWidget *> widgets = QApplication::allWidgets();
    for (QWidget *widget : widgets) {
        if (auto *line = qobject_cast<QLineEdit *>(widget))
            QVERIFY(!line->text().contains(key));
        if (auto *label = qobject_cast<QLabel *>(widget))
            QVERIFY(!label->text().contains(key));
        if (auto *text = qobject_cast<QPlainTextEdit *>(widget))
            QVERIFY(!text->toPlainText().contains(key));
    }

    // Revoked after confirmation.
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"revokeKeyButton"_s), Qt::LeftButton);
    QMessageBox *confirm = nullptr;
    QTRY_VERIFY(
        (confirm = m_page->findChild<QMessageBox *>(u"revokeConfirmation"_s)) && confirm->isVisible());
    QVERIFY(confirm->text().contains(prefix));
    QSignalSpy revoked(m_host.get(), &ServiceHost::keyRevoked);
    QTest::mouseClick(confirm->findChild<QPushButton *>(u"confirmRevokeButton"_s), Qt::LeftButton);
    QVERIFY(revoked.wait(5000));
    QCOMPARE(revoked.first().at(1).toBool(), true);
    QVERIFY(!m_context->store().keys().findActive(key));
    QVERIFY(storedKey(active->id)->isRevoked());
    // The list the page reads after the revocation shows it.
    QTRY_COMPARE_WITH_TIMEOUT(
        m_page->model()->index(m_page->model()->rowOf(prefix), KeyListModel::StateColumn).data().toString(),
        u"revoked"_s, 5000);
    QVERIFY(m_page->findChild<QLabel *>(u"keysMessage"_s)->text().contains(u"revoked"_s));
    // A revoked key offers nothing more to do.
    QVERIFY(!m_page->findChild<QPushButton *>(u"revokeKeyButton"_s)->isEnabled());
    QVERIFY(!m_page->findChild<QPushButton *>(u"changePlanButton"_s)->isEnabled());
    // Hidden on request.
    auto *showRevoked = m_page->findChild<QCheckBox *>(u"showRevokedBox"_s);
    const int shownRows = m_page->findChild<QTableView *>(u"keyTable"_s)->model()->rowCount();
    showRevoked->setChecked(false);
    QCOMPARE(m_page->findChild<QTableView *>(u"keyTable"_s)->model()->rowCount(), shownRows - 1);
    showRevoked->setChecked(true);
}

void TestKeysPage::revokeCancelledKeepsKey()
{
    const Result<NewApiKey> created = m_context->store().keys().create(u"keep me"_s);
    QVERIFY(created.ok());
    QVERIFY(selectListedKey(created.value().id));
    QCOMPARE(m_page->selectedKeyId(), created.value().id);
    m_page->revokeSelected();
    QMessageBox *confirm = nullptr;
    QTRY_VERIFY(
        (confirm = m_page->findChild<QMessageBox *>(u"revokeConfirmation"_s)) && confirm->isVisible());
    QTest::mouseClick(confirm->button(QMessageBox::Cancel), Qt::LeftButton);
    QTest::qWait(200); // a revocation, had one been sent, would have reached the store by now
    QVERIFY(m_context->store().keys().findActive(created.value().key));
}

void TestKeysPage::refusedEmailCreatesNothing()
{
    const qsizetype before = m_context->store().keys().list().size();
    m_page->createKey();
    CreateKeyDialog *create = nullptr;
    QTRY_VERIFY((create = m_page->findChild<CreateKeyDialog *>()) && create->isVisible());
    QTest::keyClicks(create->findChild<QLineEdit *>(u"keyEmailEdit"_s), u"not an address"_s);
    QSignalSpy failed(m_host.get(), &ServiceHost::keyActionFailed);
    QTest::mouseClick(dialogButton(create, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(failed.wait(5000));
    auto *message = m_page->findChild<QLabel *>(u"keysMessage"_s);
    QVERIFY2(message->text().contains(u"e-mail"_s), qPrintable(message->text()));
    QVERIFY(!m_page->newKeyDialog());
    QCOMPARE(m_context->store().keys().list().size(), before);
}

void TestKeysPage::planAndQuotaChangeReachTheStore()
{
    const Result<NewApiKey> created = m_context->store().keys().create(u"upgrade me"_s);
    QVERIFY(created.ok());
    QVERIFY(m_context->store().quotas().consumeCall(created.value().id, u"eu.iban.check"_s, {}).ok());
    QVERIFY(selectListedKey(created.value().id));

    QTest::mouseClick(m_page->findChild<QPushButton *>(u"changePlanButton"_s), Qt::LeftButton);
    PlanDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_page->findChild<PlanDialog *>()) && dialog->isVisible());
    PlanQuotaFields *fields = dialog->planFields();
    QCOMPARE(fields->plan(), u"free"_s); // the key's own plan and quota to start from
    QCOMPARE(fields->callLimit(), std::optional<qint64>(100));
    QVERIFY(dialog->findChild<QLabel *>(u"planIntro"_s)->text().contains(u"1 call"_s));
    fields->planBox()->setCurrentIndex(fields->planBox()->findData(u"full"_s));
    fields->unlimitedBox()->setChecked(false);
    fields->limitBox()->setValue(5000);
    QSignalSpy changed(m_host.get(), &ServiceHost::keyPlanChanged);
    QTest::mouseClick(dialogButton(dialog, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(changed.wait(5000));

    const ApiKeyRecord *stored = storedKey(created.value().id);
    QVERIFY(stored);
    QCOMPARE(stored->plan, u"full"_s);
    QCOMPARE(stored->callLimit, std::optional<qint64>(5000));
    QCOMPARE(stored->callsUsed, 1);
    const int row = m_page->model()->rowOf(created.value().id);
    QCOMPARE(m_page->model()->index(row, KeyListModel::PlanColumn).data().toString(), u"full"_s);
    QCOMPARE(
        m_page->model()->index(row, KeyListModel::QuotaColumn).data().toString(), QLocale().toString(5000));

    // And back to unlimited.
    m_page->changePlanOfSelected();
    QTRY_VERIFY((dialog = m_page->findChild<PlanDialog *>()) && dialog->isVisible());
    QCOMPARE(dialog->planFields()->callLimit(), std::optional<qint64>(5000));
    dialog->planFields()->unlimitedBox()->setChecked(true);
    QTest::mouseClick(dialogButton(dialog, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(changed.wait(5000));
    QCOMPARE(storedKey(created.value().id)->callLimit, std::nullopt);
}

void TestKeysPage::usageChartShowsDailyCalls()
{
    const Result<NewApiKey> created = m_context->store().keys().create(u"charted"_s, u"free"_s, 1000);
    QVERIFY(created.ok());
    const QDateTime now = m_context->clock().now();
    for (int i = 0; i < 3; ++i)
        QVERIFY(m_context->store().quotas().consumeCall(created.value().id, u"a.op"_s, now).ok());
    for (int i = 0; i < 5; ++i)
        QVERIFY(
            m_context->store().quotas().consumeCall(created.value().id, u"b.op"_s, now.addDays(-10)).ok());
    QVERIFY(m_context->store().quotas().consumeCall(created.value().id, u"b.op"_s, now.addDays(-40)).ok());
    QVERIFY(selectListedKey(created.value().id));

    KeyUsageChart *chart = m_page->usageChart();
    // The previously selected key's usage may show first; this key's follows.
    QTRY_VERIFY_WITH_TIMEOUT(
        chart->findChild<QLabel *>(u"keyUsageSummary"_s)->text().startsWith(u"charted:"_s), 5000);
    QCOMPARE(chart->dayCount(), 30); // the default: last 30 days
    QCOMPARE(chart->totalCalls(), 8);
    QVERIFY(!chart->chart()->series().isEmpty());
    QVERIFY(chart->findChild<QLabel *>(u"keyUsageSummary"_s)->text().contains(u"8 calls"_s));
    const int row = m_page->model()->rowOf(created.value().id);
    QCOMPARE(m_page->model()->index(row, KeyListModel::LastUseColumn).data().toString(),
        QLocale().toString(now.toUTC().date(), QLocale::ShortFormat));

    auto *range = m_page->findChild<QComboBox *>(u"usageRangeBox"_s);
    range->setCurrentIndex(range->findData(7));
    QTRY_COMPARE_WITH_TIMEOUT(chart->dayCount(), 7, 5000);
    QCOMPARE(chart->totalCalls(), 3);
    range->setCurrentIndex(range->findData(90));
    QTRY_COMPARE_WITH_TIMEOUT(chart->dayCount(), 90, 5000);
    QCOMPARE(chart->totalCalls(), 9);
}

void TestKeysPage::everyControlHasAnAccessibleName()
{
    m_page->createKey();
    CreateKeyDialog *create = nullptr;
    QTRY_VERIFY((create = m_page->findChild<CreateKeyDialog *>()) && create->isVisible());
    for (QWidget *root : { static_cast<QWidget *>(m_page.get()), static_cast<QWidget *>(create) }) {
        const QList<QWidget *> controls = root->findChildren<QWidget *>();
        for (QWidget *w : controls) {
            const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w)
                || qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QTableView *>(w)
                || (qobject_cast<QLineEdit *>(w) && !qobject_cast<QAbstractSpinBox *>(w->parentWidget())
                    && !qobject_cast<QComboBox *>(w->parentWidget()));
            if (control && w->isVisibleTo(root))
                QVERIFY2(!w->accessibleName().isEmpty(),
                    qPrintable(
                        u"%1 %2"_s.arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())));
        }
    }
    create->reject();
}

void TestKeysPage::germanStrings()
{
    QTranslator german;
    QVERIFY(loadTranslation(german, QLocale(QLocale::German, QLocale::Germany)));
    QVERIFY(QCoreApplication::installTranslator(&german));
    KeysPage page(*m_host);
    const auto *create = page.findChild<QPushButton *>(u"createKeyButton"_s);
    QCOMPARE(create->text(), QCoreApplication::translate("ades::ui::KeysPage", "&New key…"));
    QVERIFY2(create->text() != u"&New key…"_s, qPrintable(create->text()));
    QVERIFY(page.model()->headerData(KeyListModel::CallsUsedColumn, Qt::Horizontal).toString()
        != u"Calls used"_s);
    NewKeyDialog shown(u"ades_"_s + QString(40, u'x'), u"ades_xxxxxxx"_s);
    QVERIFY(shown.copyButton()->text() != u"&Copy to clipboard"_s);
    QCoreApplication::removeTranslator(&german);
}

QTEST_MAIN(TestKeysPage)
#include "TestKeysPage.moc"
