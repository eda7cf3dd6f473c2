#include "SanctionsPage.h"

#include "host/ServiceHost.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

// The EU area owns the lists; the page asks it through the host (Area::actions()).
const QString EuArea = u"eu"_s;
const QString ImportAction = u"sanctions.import"_s;

} // namespace

SanctionsPage::SanctionsPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_table(new QTableWidget(3, 4, this))
    , m_status(new QLabel(this))
    , m_import(new QPushButton(tr("Import list files…"), this))
    , m_timer(new QTimer(this))
{
    m_table->setObjectName(u"sanctionsTable"_s);
    m_table->setHorizontalHeaderLabels(
        { tr("List"), tr("Loaded"), tr("Generation date"), tr("Last download") });
    m_table->verticalHeader()->hide();
    // Every column as wide as its header or its widest date, so the German headers are not cut off.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_import->setToolTip(tr("Official EU, UN or UK list files (XML, CSV) or the combined JSONL snapshot"));
    m_status->setObjectName(u"sanctionsStatus"_s);
    m_status->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Screening uses the lists below. Downloads that fail or look wrong keep the "
                                "previous list."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_table);
    layout->addWidget(m_import, 0, Qt::AlignLeft);
    layout->addWidget(m_status);

    connect(m_import, &QPushButton::clicked, this, &SanctionsPage::chooseFiles);
    connect(&m_host, &ServiceHost::areaActionFinished, this,
        [this](const QString &area, const QString &action, bool ok, const QString &message) {
            if (area != EuArea || action != ImportAction)
                return;
            m_import->setEnabled(true);
            m_status->setText(
                ok ? tr("Imported: %1 entries indexed.").arg(message) : tr("Not imported: %1").arg(message));
            refresh();
        });
    connect(m_timer, &QTimer::timeout, this, &SanctionsPage::refresh);
    m_timer->start(5000);
    refresh();
}

void SanctionsPage::refresh()
{
    const QJsonObject details = m_host.healthDetails();
    const QJsonObject lists = details.value(u"sanctions_lists"_s).toObject();
    const QJsonObject refreshes = details.value(u"sanctions_refresh"_s).toObject();
    const QStringList codes { u"eu"_s, u"un"_s, u"uk"_s };
    const QStringList names { tr("EU"), tr("UN"), tr("UK") };
    for (int row = 0; row < codes.size(); ++row) {
        const QJsonObject list = lists.value(codes.at(row)).toObject();
        const QJsonObject last = refreshes.value(codes.at(row)).toObject();
        QString download = tr("not yet");
        if (!last.isEmpty())
            download = last.value(u"ok"_s).toBool()
                ? tr("%1: accepted").arg(last.value(u"at"_s).toString())
                : tr("%1: kept the previous list (%2)")
                      .arg(last.value(u"at"_s).toString(), last.value(u"problem"_s).toString());
        const QStringList cells { names.at(row), list.value(u"loaded"_s).toBool() ? tr("yes") : tr("no"),
            list.value(u"generation_date"_s).toString(), download };
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setToolTip(cells.at(column));
            m_table->setItem(row, column, item);
        }
    }
}

void SanctionsPage::chooseFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import sanctions lists"), QString(),
        tr("Sanctions lists (*.xml *.csv *.jsonl *.gz);;All files (*)"));
    if (!files.isEmpty())
        importFiles(files);
}

void SanctionsPage::importFiles(const QStringList &files)
{
    m_import->setEnabled(false);
    m_status->setText(tr("Importing…"));
    if (!m_host.runAreaAction(EuArea, ImportAction, files)) {
        m_import->setEnabled(true);
        m_status->setText(tr("Not imported: this service has no sanctions area."));
    }
}

} // namespace ades::ui

#include "moc_SanctionsPage.cpp"
