#pragma once

#include "store/CallRecord.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

// The live calls page's detail of one call: the request (method, path, arguments, headers, body, secrets
// masked when the call was logged), the answer, its receipt verified in place (ReceiptCheck, the receipts
// page's verdict), the settlement with a copy button and an explorer link, and the upstream sources the
// answer's evidence names. The summary shows at once; the detail is read from the store on the host's read
// thread (ServiceHost::requestCallDetail) and filled in when it arrives.
class CallDetailPane : public QWidget
{
    Q_OBJECT

public:
    explicit CallDetailPane(ServiceHost &host, QWidget *parent = nullptr);

    qint64 shownId() const { return m_record.id; }
    bool hasDetail() const { return m_hasDetail; }
    QString requestText() const;
    QString responseText() const;
    QString receiptVerdictText() const;
    QString settlementNetworkText() const;
    QString settlementPayerText() const;
    QString settlementAmountText() const;
    QString transactionText() const;
    QString explorerLinkText() const;
    QStringList sourceNames() const;
    QPushButton *copyTransactionButton() const { return m_copyTransaction; }

public Q_SLOTS:
    // Shows the record's summary and asks the store for its detail.
    void showCall(const ades::CallRecord &record);
    void clear();
    void copyTransaction();

private:
    void onDetailReady(qint64 id, bool found, const ades::CallRecord &record);
    static QString bodiesNotKept();
    void fillRequest(const CallRecord &record);
    void fillResponse(const CallRecord &record);
    void fillReceipt(const CallRecord &record);
    void fillSettlement(const CallRecord &record);
    void fillSources(const CallRecord &record);

    ServiceHost &m_host;
    CallRecord m_record;
    bool m_hasDetail = false;
    QLabel *m_summary = nullptr;
    QTabWidget *m_tabs = nullptr;
    QPlainTextEdit *m_request = nullptr;
    QPlainTextEdit *m_response = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_verdictSummary = nullptr;
    QListWidget *m_problems = nullptr;
    QLabel *m_network = nullptr;
    QLabel *m_payer = nullptr;
    QLabel *m_amount = nullptr;
    QLabel *m_transaction = nullptr;
    QLabel *m_explorer = nullptr;
    QPushButton *m_copyTransaction = nullptr;
    QListWidget *m_sources = nullptr;
};

} // namespace ades::ui
