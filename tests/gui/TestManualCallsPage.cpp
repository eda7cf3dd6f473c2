#include "BooleanField.h"
#include "CallResultView.h"
#include "ChoiceField.h"
#include "FileField.h"
#include "JsonField.h"
#include "ListField.h"
#include "MainWindow.h"
#include "ManualCallsPage.h"
#include "NumberField.h"
#include "ObjectField.h"
#include "ReceiptCheck.h"
#include "SchemaForm.h"
#include "TextField.h"
#include "Translations.h"
#include "catalog/Catalog.h"
#include "channels/console/ConsoleChannel.h"
#include "core/ThreadContext.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "store/CallLog.h"
#include "store/PaymentLedger.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QWheelEvent>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;

namespace {

// An input schema with every kind of property the console must turn into a control. No operation of the
// service has it: the page must build the form from the schema alone.
QJsonObject everyKindSchema()
{
    return QJsonDocument::fromJson(R"({
      "type": "object",
      "properties": {
        "reference": {"type": "string", "pattern": "^[A-Z]{2}[0-9]{4}$", "description": "Two letters, four digits."},
        "due": {"type": "string", "format": "date", "description": "When it is due."},
        "note": {"type": "string", "maxLength": 20000, "description": "Free text."},
        "quantity": {"type": "integer", "minimum": 1, "maximum": 50, "default": 3, "description": "How many."},
        "share": {"type": "number", "minimum": 0, "exclusiveMaximum": 1, "description": "A fraction."},
        "express": {"type": "boolean", "default": true, "description": "Fast lane."},
        "gift": {"type": "boolean", "description": "Wrapped?"},
        "mode": {"type": "string", "enum": ["strict", "lenient"], "default": "strict", "description": "How strict."},
        "tier": {"enum": [1, 2, 3], "description": "A numeric choice."},
        "priority": {"type": "string", "enum": ["low", "high"], "description": "A choice to make."},
        "consent": {"type": "boolean", "description": "An answer to give."},
        "tags": {"type": "array", "items": {"type": "string", "minLength": 1}, "maxItems": 5, "description": "Labels."},
        "counts": {"type": "array", "items": {"type": "integer"}, "description": "Numbers."},
        "document": {"type": "string", "contentEncoding": "base64", "maxLength": 4096, "description": "A file."},
        "address": {"type": "object", "description": "Where.",
                    "properties": {"city": {"type": "string", "minLength": 1}, "zip": {"type": "string"}},
                    "required": ["city"], "additionalProperties": false},
        "extra": {"type": ["object", "string"], "description": "Anything."}
      },
      "required": ["reference", "quantity", "document", "priority", "consent"],
      "additionalProperties": false
    })")
        .object();
}

void addTestOperations(Catalog &catalog)
{
    Operation everything;
    everything.id = u"test.form.everything"_s;
    everything.title = u"Every kind of input"_s;
    everything.summary = u"Echoes its arguments: a test operation with one property of each kind."_s;
    everything.area = u"test"_s;
    everything.outputContract = u"test-echo/1"_s;
    everything.inputSchema = everyKindSchema();
    everything.exposures = { Exposure::x402(u"/x402/test/everything"_s, Usdc::atomicUnits(5'000)) };
    everything.handler = [](const QJsonObject &arguments, const CallContext &context, Completion done) {
        done(OperationResult {
            QJsonObject { { u"echo"_s, arguments }, { u"channel"_s, channelName(context.channel) } },
            arguments.value(u"reference"_s).toString() });
    };
    catalog.add(std::move(everything));

    Operation slow;
    slow.id = u"test.slow"_s;
    slow.title = u"Slow"_s;
    slow.summary = u"Answers after 400 ms, like an operation waiting on a source."_s;
    slow.area = u"test"_s;
    slow.outputContract = u"test-slow/1"_s;
    slow.inputSchema = QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, QJsonObject() } };
    slow.exposures = { Exposure::cli(u"test.slow"_s) };
    slow.handler = [](const QJsonObject &, const CallContext &, Completion done) {
        QTimer::singleShot(400, threadContext(), [done]() {
            done(OperationResult { QJsonObject { { u"slept"_s, true } }, u"nap"_s });
        });
    };
    catalog.add(std::move(slow));

    Operation refuses;
    refuses.id = u"test.refuses"_s;
    refuses.title = u"Refuses"_s;
    refuses.summary = u"Always answers with an uncharged 422, like an input rule the schema cannot state."_s;
    refuses.area = u"test"_s;
    refuses.outputContract = u"test-refuses/1"_s;
    refuses.inputSchema = QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, QJsonObject() } };
    refuses.handler = [](const QJsonObject &, const CallContext &, Completion done) {
        done(ServiceError::unprocessable(u"test_refused"_s, u"value: refused on purpose"_s, u"value"_s));
    };
    catalog.add(std::move(refuses));
}

} // namespace

// Free checks by hand against a real service context: a catalog of test operations (the page is built for
// any catalog), runs through the host's console channel, and the store checked afterwards.
class TestManualCallsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void listsAndSearchesOperations();
    void formFromSchema();
    void invalidInputIsNotRun();
    void runThroughConsoleChannel();
    void slowRunKeepsPageResponsiveAndCancels();
    void refusalIsShownAndLoggedUncharged();
    void invalidReceiptInTheConsolesWords();
    void wheelScrollsFormNotChoices();
    void everyControlHasAnAccessibleName();
    void everyServiceOperationGetsAForm();
    void germanStrings();

private:
    template <typename T> T *fieldOf(const QString &path) const
    {
        return dynamic_cast<T *>(m_page->form()->field(path));
    }
    void fillValidForm();

    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    Catalog m_catalog;
    std::unique_ptr<ManualCallsPage> m_page;
    QByteArray m_fileBytes;
};

void TestManualCallsPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("ADES_LANG", "en");
    installTranslations(*QCoreApplication::instance());
    m_context = ServiceContext::createForTests(m_dir.filePath(u"data"_s));
    m_host = std::make_unique<ServiceHost>(*m_context);
    addTestOperations(m_catalog);
    m_page = std::make_unique<ManualCallsPage>(*m_host, m_catalog);
    m_page->resize(1200, 800);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestManualCallsPage::cleanupTestCase()
{
    m_page.reset();
    m_host.reset();
    m_context.reset();
}

void TestManualCallsPage::listsAndSearchesOperations()
{
    QCOMPARE(m_page->visibleOperationCount(), 3);
    auto *list = m_page->findChild<QTableView *>(u"operationList"_s);
    const QAbstractItemModel *model = list->model();
    QCOMPARE(model->index(0, 0).data().toString(), u"test.form.everything"_s);
    QCOMPARE(model->index(0, 1).data().toString(), u"0.005 USDC"_s); // what a client pays elsewhere
    QCOMPARE(model->index(0, 2).data().toString(), u"Every kind of input"_s);
    QVERIFY(model->index(0, 2).data(Qt::ToolTipRole).toString().contains(u"Echoes its arguments"_s));
    QCOMPARE(model->index(1, 1).data().toString(), u"free"_s);

    QTest::keyClicks(m_page->findChild<QLineEdit *>(u"operationSearch"_s), u"source"_s); // in a summary
    QCOMPARE(m_page->visibleOperationCount(), 1);
    QCOMPARE(model->index(0, 0).data().toString(), u"test.slow"_s);
    m_page->setSearchText(u"no such thing"_s);
    QCOMPARE(m_page->visibleOperationCount(), 0);
    m_page->setSearchText(QString());
    QCOMPARE(m_page->visibleOperationCount(), 3);

    // Chosen by clicking its row.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(model->index(0, 0)).center());
    QVERIFY(m_page->currentOperation());
    QCOMPARE(m_page->currentOperation()->id, u"test.form.everything"_s);
    QVERIFY(m_page->form());
}

void TestManualCallsPage::formFromSchema()
{
    QVERIFY(m_page->chooseOperation(u"test.form.everything"_s));
    SchemaForm *form = m_page->form();
    QVERIFY(form);

    // string: a line edit with its format or pattern as the hint; a long one a text box.
    auto *reference = fieldOf<TextField>(u"reference"_s);
    QVERIFY(reference);
    auto *referenceEdit = qobject_cast<QLineEdit *>(reference->widget());
    QVERIFY(referenceEdit);
    QVERIFY(referenceEdit->placeholderText().contains(u"^[A-Z]{2}[0-9]{4}$"_s));
    QVERIFY(referenceEdit->toolTip().contains(u"Two letters, four digits."_s));
    QCOMPARE(referenceEdit->accessibleName(), u"reference"_s);
    auto *due = qobject_cast<QLineEdit *>(fieldOf<TextField>(u"due"_s)->widget());
    QCOMPARE(due->placeholderText(), u"YYYY-MM-DD"_s);
    QVERIFY(qobject_cast<QPlainTextEdit *>(fieldOf<TextField>(u"note"_s)->widget()));

    // integer and number: spin boxes within the schema's bounds, the default filled in.
    auto *quantity = fieldOf<NumberField>(u"quantity"_s);
    QVERIFY(quantity);
    auto *quantitySpin = qobject_cast<QSpinBox *>(quantity->spinBox());
    QVERIFY(quantitySpin);
    QCOMPARE(quantitySpin->minimum(), 1);
    QCOMPARE(quantitySpin->maximum(), 50);
    QCOMPARE(quantitySpin->value(), 3);
    QVERIFY(!quantity->includeBox()); // required: always sent
    auto *share = fieldOf<NumberField>(u"share"_s);
    auto *shareSpin = qobject_cast<QDoubleSpinBox *>(share->spinBox());
    QVERIFY(shareSpin);
    QCOMPARE(shareSpin->minimum(), 0.0);
    QVERIFY(shareSpin->maximum() < 1.0); // exclusive maximum
    QVERIFY(shareSpin->maximum() > 0.99);
    QVERIFY(share->includeBox()); // optional without default: not sent until asked for
    QVERIFY(!share->value());

    // boolean: a check box; optional without default has a "not sent" state.
    auto *express = fieldOf<BooleanField>(u"express"_s);
    QVERIFY(express);
    QCOMPARE(express->value(), std::optional<QJsonValue>(true));
    auto *gift = fieldOf<BooleanField>(u"gift"_s);
    QVERIFY(qobject_cast<QCheckBox *>(gift->widget())->isTristate());
    QVERIFY(!gift->value());

    // enum: a combo box of its values, of any JSON type.
    auto *mode = fieldOf<ChoiceField>(u"mode"_s);
    QVERIFY(mode);
    QCOMPARE(mode->comboBox()->currentText(), u"strict"_s);
    QCOMPARE(mode->comboBox()->count(), 2);
    auto *tier = fieldOf<ChoiceField>(u"tier"_s);
    QCOMPARE(tier->comboBox()->count(), 4); // "(not sent)", 1, 2, 3
    QVERIFY(!tier->value());
    tier->comboBox()->setCurrentIndex(2);
    QCOMPARE(tier->value(), std::optional<QJsonValue>(2));
    // Required without a default: nothing preselected, the choice must be made.
    auto *priority = fieldOf<ChoiceField>(u"priority"_s);
    QCOMPARE(priority->comboBox()->count(), 3);
    QCOMPARE(priority->comboBox()->currentText(), u"(choose)"_s);
    QVERIFY(!priority->value());
    auto *consent = fieldOf<BooleanField>(u"consent"_s);
    QVERIFY(qobject_cast<QCheckBox *>(consent->widget())->isTristate());
    QVERIFY(!consent->value());

    // arrays: editable lists, items converted to the items' type.
    auto *tags = fieldOf<ListField>(u"tags"_s);
    QVERIFY(tags);
    QTest::mouseClick(form->findChild<QPushButton *>(u"add_tags"_s), Qt::LeftButton);
    QCOMPARE(tags->list()->count(), 1);
    tags->list()->item(0)->setText(u"urgent"_s);
    auto *counts = fieldOf<ListField>(u"counts"_s);
    counts->addItem(u"7"_s);
    counts->addItem(u"12"_s);
    QCOMPARE(counts->value(), std::optional<QJsonValue>(QJsonArray { 7, 12 }));

    // A base64 input: a file chooser.
    auto *document = fieldOf<FileField>(u"document"_s);
    QVERIFY(document);
    QVERIFY(document->chooseButton());
    QCOMPARE(document->maxFileBytes(), 3072);
    // A file larger than the schema's maxLength decodes to is refused when chosen.
    QFile large(m_dir.filePath(u"large.bin"_s));
    QVERIFY(large.open(QIODevice::WriteOnly));
    large.write(QByteArray(3073, 'x'));
    large.close();
    document->setFile(large.fileName());
    QTRY_VERIFY(!document->isReading());
    QVERIFY(!document->value());
    QVERIFY(document->widget()->findChild<QLineEdit *>()->text().contains(u"too large"_s));

    // A nested object: a group with its own form; several types: JSON text.
    auto *address = fieldOf<ObjectField>(u"address"_s);
    QVERIFY(address);
    QVERIFY(qobject_cast<QGroupBox *>(address->widget()));
    QVERIFY(dynamic_cast<TextField *>(form->field(u"address.city"_s)));
    QVERIFY(fieldOf<JsonField>(u"extra"_s));

    // Required fields are marked and come first.
    QCOMPARE(form->findChild<QLabel *>(u"label_reference"_s)->text(), u"reference *"_s);
    QCOMPARE(form->findChild<QLabel *>(u"label_quantity"_s)->text(), u"quantity *"_s);
    QCOMPARE(form->findChild<QLabel *>(u"label_priority"_s)->text(), u"priority *"_s);
    QCOMPARE(form->findChild<QLabel *>(u"label_due"_s)->text(), u"due"_s);
    QVERIFY(form->findChild<QLabel *>(u"label_reference"_s)->font().bold());
}

void TestManualCallsPage::invalidInputIsNotRun()
{
    QVERIFY(m_page->chooseOperation(u"test.slow"_s)); // a fresh form
    QVERIFY(m_page->chooseOperation(u"test.form.everything"_s));
    const int logged = int(m_context->store().calls().recentCalls(100).size());
    // The required reference and document are missing: the service's validator says so, naming the field.
    QSignalSpy finished(m_host.get(), &ServiceHost::consoleCallFinished);
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runButton"_s), Qt::LeftButton);
    auto *error = m_page->form()->findChild<QLabel *>(u"formError"_s);
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(u"reference"_s) || error->text().contains(u"document"_s),
        qPrintable(error->text()));
    QVERIFY(!m_page->isRunning());

    // A value that breaks the pattern is named too, and its control marked.
    qobject_cast<QLineEdit *>(fieldOf<TextField>(u"reference"_s)->widget())->setText(u"lowercase"_s);
    fieldOf<FileField>(u"document"_s)->setValue(QJsonValue(u"aGVsbG8="_s));
    fieldOf<ChoiceField>(u"priority"_s)->setValue(u"low"_s);
    fieldOf<BooleanField>(u"consent"_s)->setValue(false);
    m_page->run();
    QVERIFY2(error->text().contains(u"reference"_s), qPrintable(error->text()));
    QVERIFY(fieldOf<TextField>(u"reference"_s)->widget()->styleSheet().contains(u"border"_s));
    QVERIFY(!m_page->isRunning());
    QTest::qWait(100);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(m_context->store().calls().recentCalls(100).size(), logged);
}

void TestManualCallsPage::fillValidForm()
{
    QVERIFY(m_page->chooseOperation(u"test.slow"_s)); // a fresh form
    QVERIFY(m_page->chooseOperation(u"test.form.everything"_s));
    qobject_cast<QLineEdit *>(fieldOf<TextField>(u"reference"_s)->widget())->setText(u"AB1234"_s);
    qobject_cast<QLineEdit *>(fieldOf<TextField>(u"due"_s)->widget())->setText(u"2026-12-24"_s);
    qobject_cast<QSpinBox *>(fieldOf<NumberField>(u"quantity"_s)->spinBox())->setValue(7);
    fieldOf<NumberField>(u"share"_s)->includeBox()->setChecked(true);
    qobject_cast<QDoubleSpinBox *>(fieldOf<NumberField>(u"share"_s)->spinBox())->setValue(0.25);
    qobject_cast<QCheckBox *>(fieldOf<BooleanField>(u"gift"_s)->widget())->setCheckState(Qt::Unchecked);
    fieldOf<ChoiceField>(u"mode"_s)->comboBox()->setCurrentIndex(1);
    fieldOf<ChoiceField>(u"priority"_s)->comboBox()->setCurrentIndex(2);
    qobject_cast<QCheckBox *>(fieldOf<BooleanField>(u"consent"_s)->widget())->setCheckState(Qt::Checked);
    fieldOf<ListField>(u"tags"_s)->addItem(u"red"_s);
    fieldOf<ListField>(u"tags"_s)->addItem(u"blue"_s);
    qobject_cast<QLineEdit *>(m_page->form()->field(u"address.city"_s)->widget())->setText(u"Köln"_s);
    qobject_cast<QPlainTextEdit *>(fieldOf<JsonField>(u"extra"_s)->widget())
        ->setPlainText(u"{\"k\": [1, 2]}"_s);
    static const char bytes[] = "%PDF-1.4 not really, but bytes: \x00\x01\x02\xff";
    m_fileBytes = QByteArray(bytes, sizeof(bytes) - 1); // not 38: the literal holds 36 bytes (ASan)
    QFile file(m_dir.filePath(u"upload.bin"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(m_fileBytes);
    file.close();
    FileField *document = fieldOf<FileField>(u"document"_s);
    document->setFile(file.fileName());
    QTRY_VERIFY(!document->isReading()); // read on a pool thread
    QVERIFY(document->value());
}

void TestManualCallsPage::runThroughConsoleChannel()
{
    fillValidForm();
    const QMap<QString, qint64> revenueBefore = m_context->store().payments().revenueByNetwork();
    QSignalSpy done(m_page.get(), &ManualCallsPage::runFinished);
    QSignalSpy completed(m_host.get(), &ServiceHost::callCompleted);
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runButton"_s), Qt::LeftButton);
    QVERIFY(done.wait(5000));
    QCOMPARE(done.first().first().toBool(), true);

    // The handler got exactly what the form holds, with the schema's defaults filled in.
    const QJsonObject body = QJsonDocument::fromJson(m_page->resultView()->resultText().toUtf8()).object();
    const QJsonObject echo = body.value(u"echo"_s).toObject();
    QCOMPARE(body.value(u"channel"_s).toString(), u"console"_s);
    QCOMPARE(echo.value(u"reference"_s).toString(), u"AB1234"_s);
    QCOMPARE(echo.value(u"due"_s).toString(), u"2026-12-24"_s);
    QCOMPARE(echo.value(u"quantity"_s).toInt(), 7);
    QCOMPARE(echo.value(u"share"_s).toDouble(), 0.25);
    QCOMPARE(echo.value(u"express"_s).toBool(), true);
    QCOMPARE(echo.value(u"gift"_s), QJsonValue(false));
    QCOMPARE(echo.value(u"mode"_s).toString(), u"lenient"_s);
    QCOMPARE(echo.value(u"priority"_s).toString(), u"high"_s);
    QCOMPARE(echo.value(u"consent"_s), QJsonValue(true));
    QCOMPARE(echo.value(u"tags"_s).toArray(), (QJsonArray { u"red"_s, u"blue"_s }));
    QCOMPARE(echo.value(u"address"_s).toObject(), (QJsonObject { { u"city"_s, u"Köln"_s } }));
    QCOMPARE(echo.value(u"extra"_s).toObject().value(u"k"_s).toArray(), (QJsonArray { 1, 2 }));
    QCOMPARE(QByteArray::fromBase64(echo.value(u"document"_s).toString().toLatin1()), m_fileBytes);
    QVERIFY(!echo.contains(u"tier"_s)); // not sent
    QVERIFY(!echo.contains(u"note"_s));

    // Signed, and verified in place.
    QVERIFY(body.value(u"receipt"_s).isObject());
    QVERIFY(m_page->resultView()->receiptText().contains(u"\"signature\""_s));
    QVERIFY2(m_page->resultView()->verdictText().startsWith(u"Receipt valid"_s),
        qPrintable(m_page->resultView()->verdictText()));
    QVERIFY(m_page->resultView()->verdictText().contains(m_context->issuerAddress()));
    QCOMPARE(m_host->verifyReceipt(m_page->resultView()->resultText().toUtf8()).valid, true);

    // Logged as a console call, never charged (the operation costs 0.005 USDC elsewhere).
    QCOMPARE(completed.count(), 1);
    const CallRecord live = completed.first().first().value<CallRecord>();
    QCOMPARE(live.channel, u"console"_s);
    QCOMPARE(live.priceUnits, 0);
    const QList<CallRecord> calls = m_context->store().calls().recentCalls(1);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].channel, u"console"_s);
    QCOMPARE(calls[0].operationId, u"test.form.everything"_s);
    QCOMPARE(calls[0].status, 200);
    QCOMPARE(calls[0].priceUnits, 0);
    QVERIFY(calls[0].network.isEmpty());
    QCOMPARE(m_context->store().payments().revenueByNetwork(), revenueBefore);
    // The receipt is archived under the console channel.
    const QString hash = body.value(u"receipt"_s).toObject().value(u"result_hash"_s).toString();
    const QList<StoredReceipt> receipts = m_context->store().receipts().receiptsFor(hash);
    QCOMPARE(receipts.size(), 1);
    QCOMPARE(receipts[0].channel, u"console"_s);
}

void TestManualCallsPage::slowRunKeepsPageResponsiveAndCancels()
{
    QVERIFY(m_page->chooseOperation(u"test.slow"_s));
    auto *busy = m_page->findChild<QProgressBar *>(u"runBusy"_s);
    auto *cancel = m_page->findChild<QPushButton *>(u"cancelRunButton"_s);
    QVERIFY(!busy->isVisible());
    QVERIFY(!cancel->isEnabled());

    // Runs to its end: busy while it runs, the GUI's event loop keeps turning meanwhile.
    QSignalSpy done(m_page.get(), &ManualCallsPage::runFinished);
    QElapsedTimer clock;
    clock.start();
    m_page->run();
    QVERIFY(m_page->isRunning());
    QVERIFY(busy->isVisible());
    QVERIFY(cancel->isEnabled());
    QVERIFY(!m_page->findChild<QPushButton *>(u"runButton"_s)->isEnabled());
    int turns = 0;
    while (done.isEmpty() && clock.elapsed() < 5000) {
        QTest::qWait(20);
        ++turns;
    }
    QCOMPARE(done.count(), 1);
    QVERIFY2(turns >= 10, qPrintable(QString::number(turns))); // ~400 ms in steps of 20 ms
    QVERIFY(!busy->isVisible());
    QVERIFY(m_page->resultView()->resultText().contains(u"slept"_s));

    // Cancelled: the page stops waiting at once; the late answer is ignored, the call log still has it.
    const int logged = int(m_context->store().calls().recentCalls(100).size());
    done.clear();
    m_page->run();
    QVERIFY(m_page->isRunning());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!m_page->isRunning());
    QVERIFY(!busy->isVisible());
    QVERIFY(m_page->findChild<QPushButton *>(u"runButton"_s)->isEnabled());
    QVERIFY(m_page->resultView()->verdictText().startsWith(u"Cancelled"_s));
    QSignalSpy late(m_host.get(), &ServiceHost::consoleCallFinished);
    QVERIFY(late.wait(5000));
    QTest::qWait(50);
    QCOMPARE(done.count(), 0);
    QVERIFY(m_page->resultView()->verdictText().startsWith(u"Cancelled"_s));
    QCOMPARE(m_context->store().calls().recentCalls(100).size(), logged + 1);
}

void TestManualCallsPage::refusalIsShownAndLoggedUncharged()
{
    QVERIFY(m_page->chooseOperation(u"test.refuses"_s));
    QSignalSpy done(m_page.get(), &ManualCallsPage::runFinished);
    m_page->run();
    QVERIFY(done.wait(5000));
    QCOMPARE(done.first().first().toBool(), false);
    const QString verdict = m_page->resultView()->verdictText();
    QVERIFY2(verdict.contains(u"422"_s) && verdict.contains(u"refused on purpose"_s), qPrintable(verdict));
    QVERIFY(m_page->resultView()->receiptText().isEmpty());
    const QJsonObject body = QJsonDocument::fromJson(m_page->resultView()->resultText().toUtf8()).object();
    QCOMPARE(body.value(u"error_code"_s).toString(), u"test_refused"_s);
    QCOMPARE(body.value(u"charged"_s).toBool(true), false);
    const QList<CallRecord> calls = m_context->store().calls().recentCalls(1);
    QCOMPARE(calls[0].operationId, u"test.refuses"_s);
    QCOMPARE(calls[0].channel, u"console"_s);
    QCOMPARE(calls[0].status, 422);
    QCOMPARE(calls[0].priceUnits, 0);
}

// A delivered body whose receipt does not verify is described as the receipts page describes it
// (ReceiptCheck): a sentence for each problem, not the verifier's codes.
void TestManualCallsPage::invalidReceiptInTheConsolesWords()
{
    CallResultView view;
    ConsoleOutcome outcome;
    outcome.ok = true;
    outcome.body = QJsonObject { { u"valid"_s, true },
        { u"receipt"_s, QJsonObject { { u"signature"_s, u"0x00"_s } } } };
    outcome.verdict.valid = false;
    outcome.verdict.problems = { u"result_hash_mismatch"_s };
    view.showOutcome(outcome);
    QCOMPARE(view.verdictText(),
        u"Receipt invalid: %1"_s.arg(ReceiptCheck::describeProblem(u"result_hash_mismatch"_s)));
    QVERIFY(!view.verdictText().contains(u"result_hash_mismatch"_s));
}

void TestManualCallsPage::wheelScrollsFormNotChoices()
{
    // Scrolling a long form over a combo box or spin box must not change it unless it has focus.
    QVERIFY(m_page->chooseOperation(u"test.slow"_s));
    QVERIFY(m_page->chooseOperation(u"test.form.everything"_s));
    QComboBox *mode = fieldOf<ChoiceField>(u"mode"_s)->comboBox();
    auto *quantity = qobject_cast<QSpinBox *>(fieldOf<NumberField>(u"quantity"_s)->spinBox());
    m_page->findChild<QLineEdit *>(u"operationSearch"_s)->setFocus();
    for (QWidget *control : { static_cast<QWidget *>(mode), static_cast<QWidget *>(quantity) }) {
        const QPoint at = control->rect().center();
        QWheelEvent wheel(at, control->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(control, &wheel);
    }
    QCOMPARE(mode->currentText(), u"strict"_s);
    QCOMPARE(quantity->value(), 3);
    // Focused, the wheel is the control's again. Focus needs an active window, which a display without a
    // window manager may not grant.
    m_page->activateWindow();
    if (!QTest::qWaitForWindowActive(m_page.get(), 2000))
        QSKIP("The window cannot become active here (no window manager); the unfocused half was checked.");
    quantity->setFocus();
    QTRY_VERIFY(quantity->hasFocus());
    const QPoint at = quantity->rect().center();
    QWheelEvent wheel(at, quantity->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(quantity, &wheel);
    QCOMPARE(quantity->value(), 4);
}

void TestManualCallsPage::everyControlHasAnAccessibleName()
{
    QVERIFY(m_page->chooseOperation(u"test.slow"_s));
    QVERIFY(m_page->chooseOperation(u"test.form.everything"_s)); // a control of every kind
    int checked = 0;
    const QList<QWidget *> widgets = m_page->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        QWidget *parent = w->parentWidget();
        const bool inner = qobject_cast<QAbstractSpinBox *>(parent) || qobject_cast<QComboBox *>(parent);
        const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w)
            || qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QAbstractItemView *>(w)
            || qobject_cast<QPlainTextEdit *>(w) || (qobject_cast<QLineEdit *>(w) && !inner);
        if (!control || !w->isVisibleTo(m_page.get()) || qobject_cast<QAbstractItemView *>(parent))
            continue;
        ++checked;
        QVERIFY2(!w->accessibleName().isEmpty(),
            qPrintable(u"%1 %2"_s.arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())));
    }
    QVERIFY(checked > 20);
}

void TestManualCallsPage::everyServiceOperationGetsAForm()
{
    // The service's own catalog: every operation listed, each with a form built from its schema alone.
    ManualCallsPage page(*m_host);
    const QList<const Operation *> operations = m_context->catalog().operations();
    QVERIFY(operations.size() > 10);
    QCOMPARE(page.visibleOperationCount(), operations.size());
    for (const Operation *operation : operations) {
        QVERIFY2(page.chooseOperation(operation->id), qPrintable(operation->id));
        QVERIFY(page.form());
        const QJsonObject properties = operation->inputSchema.value(u"properties"_s).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            FormField *field = page.form()->field(it.key());
            QVERIFY2(field, qPrintable(operation->id + u'.' + it.key()));
            QVERIFY2(!field->widget()->findChildren<QWidget *>().isEmpty()
                    || !field->widget()->accessibleName().isEmpty(),
                qPrintable(operation->id + u'.' + it.key()));
        }
    }
    MainWindow window(*m_host);
    QVERIFY(window.findChild<ManualCallsPage *>());
}

void TestManualCallsPage::germanStrings()
{
    QTranslator german;
    QVERIFY(loadTranslation(german, QLocale(QLocale::German, QLocale::Germany)));
    QVERIFY(QCoreApplication::installTranslator(&german));
    ManualCallsPage page(*m_host, m_catalog);
    const auto *run = page.findChild<QPushButton *>(u"runButton"_s);
    QCOMPARE(run->text(), QCoreApplication::translate("ades::ui::ManualCallsPage", "&Run"));
    QVERIFY2(run->text() != u"&Run"_s, qPrintable(run->text()));
    QVERIFY(page.chooseOperation(u"test.form.everything"_s));
    auto *fileButton = page.form()->findChild<QPushButton *>(u"choose_document"_s);
    QVERIFY2(fileButton->text() != u"Choose file…"_s, qPrintable(fileButton->text()));
    QCoreApplication::removeTranslator(&german);
}

QTEST_MAIN(TestManualCallsPage)
#include "TestManualCallsPage.moc"
