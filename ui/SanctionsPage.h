#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

// The sanctions lists the service screens against: which are loaded, their generation dates, how the last
// download went; and importing official list files by hand. Reads ServiceHost only.
class SanctionsPage : public QWidget
{
    Q_OBJECT

public:
    explicit SanctionsPage(ServiceHost &host, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *statusLabel() const { return m_status; }

public Q_SLOTS:
    void refresh();
    void importFiles(const QStringList &files);

private:
    void chooseFiles();

    ServiceHost &m_host;
    QTableWidget *m_table;
    QLabel *m_status;
    QPushButton *m_import;
    QTimer *m_timer;
};

} // namespace ades::ui
