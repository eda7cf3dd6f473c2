#include "SingleInstance.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

constexpr QByteArrayView ShowRequest = "show\n";

} // namespace

SingleInstance::SingleInstance(const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
{ }

SingleInstance::~SingleInstance() = default;

QString SingleInstance::serverName(const QString &dataDir)
{
    // Socket names are short and plain: a hash of the canonical path, per user by the socket's folder.
    const QFileInfo info(dataDir);
    const QString canonical
        = info.canonicalFilePath().isEmpty() ? info.absoluteFilePath() : info.canonicalFilePath();
    const QByteArray hash = QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha256).toHex();
    return u"ades-console-"_s + QString::fromLatin1(hash.left(24));
}

bool SingleInstance::claim()
{
    QDir().mkpath(m_dataDir);
    m_lock = std::make_unique<QLockFile>(QDir(m_dataDir).filePath(u"console.lock"_s));
    // A lock left by a console that crashed is stale once its process is gone; QLockFile checks the PID.
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(100)) {
        askFirstToShow();
        return false;
    }
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    const QString name = serverName(m_dataDir);
    // We hold the lock, so a socket of that name is a leftover of a crashed console.
    QLocalServer::removeServer(name);
    if (!m_server->listen(name))
        qWarning("ades: the console cannot listen on %s: %s", qPrintable(name),
            qPrintable(m_server->errorString()));
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
                if (socket->readAll().startsWith(ShowRequest.toByteArray()))
                    Q_EMIT activated();
                socket->disconnectFromServer();
            });
        }
    });
    return true;
}

void SingleInstance::release()
{
    if (m_server)
        m_server->close();
    if (m_lock)
        m_lock->unlock();
}

bool SingleInstance::askFirstToShow() const
{
    QLocalSocket socket;
    socket.connectToServer(serverName(m_dataDir));
    if (!socket.waitForConnected(2000))
        return false;
    socket.write(ShowRequest.toByteArray());
    const bool sent = socket.waitForBytesWritten(2000);
    socket.waitForDisconnected(1000);
    return sent;
}

} // namespace ades::ui

#include "moc_SingleInstance.cpp"
