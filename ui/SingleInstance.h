#pragma once

#include <QObject>
#include <QString>
#include <memory>

class QLocalServer;
class QLockFile;

namespace ades::ui {

// One console per data folder: the first start holds a lock file in the folder and listens on a local
// socket named after the folder; a second start finds the lock taken, asks the first to come forward
// through the socket and ends. Two consoles on different data folders run side by side.
class SingleInstance : public QObject
{
    Q_OBJECT

public:
    explicit SingleInstance(const QString &dataDir, QObject *parent = nullptr);
    ~SingleInstance() override;

    // True when this process is the first for the folder (it then listens for later starts). False when
    // another holds it; that one has been asked to show its window (activated() there).
    bool claim();
    // Gives the folder up (before a restart starts the next console).
    void release();
    // The local socket's name for a data folder: the same for every spelling of the folder's path.
    static QString serverName(const QString &dataDir);

Q_SIGNALS:
    // A later start asked this console to come forward.
    void activated();

private:
    bool askFirstToShow() const;

    QString m_dataDir;
    std::unique_ptr<QLockFile> m_lock;
    QLocalServer *m_server = nullptr;
};

} // namespace ades::ui
