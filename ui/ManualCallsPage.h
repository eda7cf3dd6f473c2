#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSortFilterProxyModel;
class QTableView;

namespace ades {
class Catalog;
class ServiceHost;
struct ConsoleOutcome;
struct Operation;
} // namespace ades

namespace ades::ui {

class CallResultView;
class OperationListModel;
class SchemaForm;

// Free checks by hand: every operation of the catalog, searchable; the chosen one's input form generated
// from its JSON Schema; run locally through the console channel (ServiceHost::runByHand: validated like
// any call, signed, logged as "console", never charged) with the result and its verified receipt. Nothing
// here names an operation. A run never blocks the page: it goes to the host's console thread and its
// answer arrives by signal; Cancel stops waiting for it.
class ManualCallsPage : public QWidget
{
    Q_OBJECT

public:
    // The operations of the host's own catalog.
    explicit ManualCallsPage(ServiceHost &host, QWidget *parent = nullptr);
    // The operations of `catalog`, which must outlive the page (tests add their own operations this way).
    ManualCallsPage(ServiceHost &host, const Catalog &catalog, QWidget *parent = nullptr);

    // Shows the form of the operation with this id; false when the catalog has none.
    bool chooseOperation(const QString &operationId);
    const Operation *currentOperation() const { return m_operation; }
    SchemaForm *form() const;
    CallResultView *resultView() const { return m_result; }
    bool isRunning() const { return m_ticket != 0; }
    void setSearchText(const QString &text);
    // Operations the search leaves in the list.
    int visibleOperationCount() const;

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    // A run finished and its outcome is shown (not emitted for a cancelled run).
    void runFinished(bool ok);

private:
    void onCallFinished(quint64 ticket, const ades::ConsoleOutcome &outcome);
    void onOperationSelected();
    void setRunning(bool running);

    ServiceHost &m_host;
    OperationListModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_search = nullptr;
    QTableView *m_list = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    QScrollArea *m_formArea = nullptr;
    QPointer<SchemaForm> m_form;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_busy = nullptr;
    CallResultView *m_result = nullptr;
    const Operation *m_operation = nullptr;
    quint64 m_ticket = 0; // the run waited for; 0 when none
};

} // namespace ades::ui
