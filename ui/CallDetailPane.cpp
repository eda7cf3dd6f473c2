#include "CallDetailPane.h"

#include "ExplorerLinks.h"
#include "PaymentNetworks.h"
#include "ReceiptCheck.h"
#include "core/Usdc.h"
#include "host/CallCapture.h"
#include "host/RecentCallBodies.h"
#include "host/ServiceHost.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

QPlainTextEdit *makeText(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *text = new QPlainTextEdit(parent);
    text->setObjectName(objectName);
    text->setAccessibleName(accessibleName);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return text;
}

QLabel *makeValue(
    const QString &objectName, const QString &accessibleName, QWidget *parent, bool mono = false)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setAccessibleName(accessibleName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    if (mono)
        label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return label;
}

} // namespace

CallDetailPane::CallDetailPane(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_summary(new QLabel(this))
    , m_tabs(new QTabWidget(this))
{
    setObjectName(u"callDetailPane"_s);
    m_summary->setObjectName(u"callDetailSummary"_s);
    m_summary->setAccessibleName(tr("Selected call"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);

    m_tabs->setObjectName(u"callDetailTabs"_s);
    m_tabs->setAccessibleName(tr("Call detail"));
    m_request = makeText(u"callRequest"_s, tr("Request"), this);
    m_response = makeText(u"callResponse"_s, tr("Response"), this);
    m_tabs->addTab(m_request, tr("Request"));
    m_tabs->addTab(m_response, tr("Response"));

    // Receipt: the same verdict and words as the receipts page.
    auto *receipt = new QWidget(this);
    m_verdict = makeValue(u"callReceiptVerdict"_s, tr("Receipt verdict"), receipt);
    m_verdict->setAlignment(Qt::AlignCenter);
    m_verdict->setMinimumHeight(36);
    QFont verdictFont = m_verdict->font();
    verdictFont.setBold(true);
    verdictFont.setPointSizeF(verdictFont.pointSizeF() * 1.2);
    m_verdict->setFont(verdictFont);
    m_verdictSummary = makeValue(u"callReceiptSummary"_s, tr("Receipt summary"), receipt);
    m_problems = new QListWidget(receipt);
    m_problems->setObjectName(u"callReceiptProblems"_s);
    m_problems->setAccessibleName(tr("Receipt problems"));
    m_problems->setSelectionMode(QAbstractItemView::NoSelection);
    m_problems->setWordWrap(true);
    auto *receiptLayout = new QVBoxLayout(receipt);
    receiptLayout->addWidget(m_verdict);
    receiptLayout->addWidget(m_verdictSummary);
    receiptLayout->addWidget(m_problems, 1);
    m_tabs->addTab(receipt, tr("Receipt"));

    // Settlement.
    auto *settlement = new QWidget(this);
    m_network = makeValue(u"settlementNetwork"_s, tr("Network"), settlement);
    m_payer = makeValue(u"settlementPayer"_s, tr("Payer"), settlement, true);
    m_amount = makeValue(u"settlementAmount"_s, tr("Amount"), settlement, true);
    m_transaction = makeValue(u"settlementTransaction"_s, tr("Transaction"), settlement, true);
    m_explorer = makeValue(u"settlementExplorer"_s, tr("Explorer link"), settlement);
    m_explorer->setOpenExternalLinks(true);
    m_explorer->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_copyTransaction = new QPushButton(tr("Copy"), settlement);
    m_copyTransaction->setObjectName(u"copyTransactionButton"_s);
    m_copyTransaction->setAccessibleName(tr("Copy the transaction hash"));
    m_copyTransaction->setToolTip(tr("Copy the transaction hash to the clipboard"));
    connect(m_copyTransaction, &QPushButton::clicked, this, &CallDetailPane::copyTransaction);
    auto *transactionRow = new QHBoxLayout;
    transactionRow->addWidget(m_transaction, 1);
    transactionRow->addWidget(m_copyTransaction);
    auto *form = new QFormLayout(settlement);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Network:"), m_network);
    form->addRow(tr("Payer:"), m_payer);
    form->addRow(tr("Amount:"), m_amount);
    form->addRow(tr("Transaction:"), transactionRow);
    form->addRow(tr("Explorer:"), m_explorer);
    m_tabs->addTab(settlement, tr("Settlement"));

    m_sources = new QListWidget(this);
    m_sources->setObjectName(u"callSources"_s);
    m_sources->setAccessibleName(tr("Upstream sources"));
    m_sources->setSelectionMode(QAbstractItemView::NoSelection);
    m_tabs->addTab(m_sources, tr("Sources"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);

    connect(&host, &ServiceHost::callDetailReady, this, &CallDetailPane::onDetailReady, Qt::QueuedConnection);
    clear();
}

void CallDetailPane::clear()
{
    m_record = {};
    m_hasDetail = false;
    m_summary->setText(tr("Select a call to see its request, answer, receipt and settlement."));
    m_request->clear();
    m_response->clear();
    m_verdict->setText(u"\u2013"_s);
    m_verdict->setStyleSheet(ReceiptCheck::styleSheet(ReceiptCheck::Style::None));
    m_verdictSummary->clear();
    m_problems->clear();
    for (QLabel *label : { m_network, m_payer, m_amount, m_transaction, m_explorer })
        label->setText(u"\u2013"_s);
    m_copyTransaction->setEnabled(false);
    m_sources->clear();
    m_tabs->setEnabled(false);
}

void CallDetailPane::showCall(const CallRecord &record)
{
    clear();
    m_record = record;
    m_tabs->setEnabled(true);
    m_summary->setText(tr("%1 %2 \u2192 %3 (%4, %5 ms)")
                           .arg(record.method, record.target)
                           .arg(record.status)
                           .arg(record.channel)
                           .arg(record.latencyMs));
    fillSettlement(record);
    if (record.id == 0) {
        // Probes (health checks, discovery, 404s) are counted per day, not logged one by one.
        const QString note = tr("This request is not in the call log: requests that name no caller and "
                                "deliver nothing are only counted.");
        m_request->setPlainText(note);
        m_response->setPlainText(note);
        m_verdict->setText(tr("No receipt"));
        return;
    }
    m_request->setPlainText(tr("Reading the call log…"));
    m_response->setPlainText(tr("Reading the call log…"));
    m_host.requestCallDetail(record.id);
}

void CallDetailPane::onDetailReady(qint64 id, bool found, const CallRecord &record)
{
    if (id != m_record.id || id == 0)
        return; // the user moved on
    if (!found) {
        const QString note = tr("This call is no longer in the call log (older entries are purged after "
                                "store/call_log_days).");
        m_request->setPlainText(note);
        m_response->setPlainText(note);
        return;
    }
    m_hasDetail = true;
    m_record = record;
    fillRequest(record);
    fillResponse(record);
    fillReceipt(record);
    fillSettlement(record);
    fillSources(record);
}

QString CallDetailPane::bodiesNotKept()
{
    return tr("Request and answer bodies are kept in memory only, for the last %1 calls since the service "
              "started, and are never written to disk: they can hold documents, secrets and personal data "
              "that the operations promise not to store.")
        .arg(RecentCallBodies::MaxCalls);
}

void CallDetailPane::fillRequest(const CallRecord &record)
{
    QString text = record.method + u' ' + record.target;
    if (!record.query.isEmpty())
        text += u'?' + record.query;
    text += u"\n\n"_s;
    if (!record.operationId.isEmpty())
        text += tr("Operation: %1").arg(record.operationId) + u'\n';
    if (!record.query.isEmpty()) {
        text += tr("Arguments:") + u'\n';
        for (const QString &pair : record.query.split(u'&'))
            text += u"  "_s + pair + u'\n';
    }
    text += u'\n' + tr("Headers (secrets masked):") + u'\n' + record.requestHeaders;
    if (record.requestBytes > 0 && !record.bodiesKept) {
        text += u'\n' + tr("Body (%1 bytes): not kept").arg(record.requestBytes) + u'\n' + bodiesNotKept();
    } else if (record.requestBytes > 0) {
        QString body = record.requestBody;
        const QJsonDocument json = QJsonDocument::fromJson(body.toUtf8());
        if (json.isObject() || json.isArray())
            body = QString::fromUtf8(json.toJson(QJsonDocument::Indented));
        text += u'\n' + tr("Body (%1 bytes):").arg(record.requestBytes) + u'\n' + body;
    }
    m_request->setPlainText(text);
}

void CallDetailPane::fillResponse(const CallRecord &record)
{
    // Indented for reading; the receipt is checked on the bytes as stored (fillReceipt), not on this text.
    QString body = record.responseBody;
    const QJsonDocument json = QJsonDocument::fromJson(body.toUtf8());
    if (json.isObject() || json.isArray())
        body = QString::fromUtf8(json.toJson(QJsonDocument::Indented));
    if (!record.bodiesKept) {
        m_response->setPlainText(tr("Status %1").arg(record.status) + u"\n\n"_s + bodiesNotKept());
        return;
    }
    QString text = tr("Status %1").arg(record.status) + u"\n\n"_s + body;
    if (record.responseBytes > record.responseBody.toUtf8().size() && !record.responseBody.startsWith(u'['))
        text += u"\n\n"_s
            + tr("(cut: the call log keeps the first %1 of %2 bytes)")
                  .arg(QLocale().formattedDataSize(CallCapture::MaxStoredBody))
                  .arg(record.responseBytes);
    m_response->setPlainText(text);
}

void CallDetailPane::fillReceipt(const CallRecord &record)
{
    m_problems->clear();
    const bool cut = record.responseBytes > record.responseBody.toUtf8().size();
    if (!record.bodiesKept) {
        m_verdict->setText(tr("Not checked"));
        m_verdict->setStyleSheet(ReceiptCheck::styleSheet(ReceiptCheck::Style::NotReceipt));
        m_verdictSummary->setText(tr("The answer is no longer in memory; its receipt is in the receipt "
                                     "archive and can be checked on the receipts page."));
        return;
    }
    if (record.responseBody.isEmpty() || cut) {
        m_verdict->setText(tr("Not checked"));
        m_verdict->setStyleSheet(ReceiptCheck::styleSheet(ReceiptCheck::Style::NotReceipt));
        m_verdictSummary->setText(cut ? tr("The call log keeps only the first %1 of this answer; its receipt "
                                           "can be checked on the receipts page from the full result.")
                                            .arg(QLocale().formattedDataSize(CallCapture::MaxStoredBody))
                                      : tr("The answer had no body."));
        return;
    }
    const ReceiptCheck::Outcome outcome = ReceiptCheck(m_host).check(record.responseBody.toUtf8());
    m_verdict->setText(outcome.headline);
    m_verdict->setStyleSheet(ReceiptCheck::styleSheet(outcome.style));
    m_verdictSummary->setText(outcome.summary);
    for (qsizetype i = 0; i < outcome.problems.size(); ++i) {
        auto *item = new QListWidgetItem(outcome.problems.at(i), m_problems);
        item->setToolTip(outcome.verdict.problems.at(i));
    }
    if (outcome.problems.isEmpty())
        new QListWidgetItem(tr("No problems found."), m_problems);
}

void CallDetailPane::fillSettlement(const CallRecord &record)
{
    if (record.transaction.isEmpty() && record.priceUnits == 0) {
        m_network->setText(tr("No settlement: the call was not paid with x402."));
        for (QLabel *label : { m_payer, m_amount, m_transaction, m_explorer })
            label->setText(u"\u2013"_s);
        m_copyTransaction->setEnabled(false);
        return;
    }
    m_network->setText(record.network.isEmpty()
            ? tr("unknown network")
            : u"%1 (%2)"_s.arg(PaymentNetworks::displayName(record.network), record.network));
    m_payer->setText(record.principal.isEmpty() ? u"\u2013"_s : record.principal);
    m_amount->setText(tr("%1 USDC").arg(Usdc::atomicUnits(record.priceUnits).toFixedString()));
    m_transaction->setText(record.transaction.isEmpty() ? u"\u2013"_s : record.transaction);
    m_copyTransaction->setEnabled(!record.transaction.isEmpty());
    const QUrl url = ExplorerLinks::transactionUrl(record.network, record.transaction);
    if (url.isValid())
        m_explorer->setText(u"<a href=\"%1\">%2</a>"_s.arg(
            url.toString(QUrl::FullyEncoded).toHtmlEscaped(), url.toString().toHtmlEscaped()));
    else
        m_explorer->setText(tr("No explorer is known for this network."));
}

void CallDetailPane::fillSources(const CallRecord &record)
{
    m_sources->clear();
    const QStringList ids = record.sources.split(u',', Qt::SkipEmptyParts);
    for (const QString &id : ids) {
        auto *item = new QListWidgetItem(m_host.upstreamName(id), m_sources);
        item->setToolTip(id);
    }
    if (ids.isEmpty())
        new QListWidgetItem(tr("No upstream source: the answer was computed here."), m_sources);
}

void CallDetailPane::copyTransaction()
{
    if (!m_record.transaction.isEmpty())
        QApplication::clipboard()->setText(m_record.transaction);
}

QString CallDetailPane::requestText() const
{
    return m_request->toPlainText();
}

QString CallDetailPane::responseText() const
{
    return m_response->toPlainText();
}

QString CallDetailPane::receiptVerdictText() const
{
    return m_verdict->text();
}

QString CallDetailPane::settlementNetworkText() const
{
    return m_network->text();
}

QString CallDetailPane::settlementPayerText() const
{
    return m_payer->text();
}

QString CallDetailPane::settlementAmountText() const
{
    return m_amount->text();
}

QString CallDetailPane::transactionText() const
{
    return m_transaction->text();
}

QString CallDetailPane::explorerLinkText() const
{
    return m_explorer->text();
}

QStringList CallDetailPane::sourceNames() const
{
    QStringList names;
    for (int i = 0; i < m_sources->count(); ++i)
        names.append(m_sources->item(i)->text());
    return names;
}

} // namespace ades::ui

#include "moc_CallDetailPane.cpp"
