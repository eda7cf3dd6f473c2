#pragma once

#include "http/ClientAddress.h"

#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QString>

namespace ades {

// What the guards of every I/O thread share (docs/architecture.md, Qt 6.4 pitfalls: threads): the open
// connections per client address, so that one client cannot take every connection slot, and the large
// uploads in progress, so that concurrent uploads cannot exhaust memory. Connections are spread round-robin
// over the threads, so both counts must be process-wide. Thread-safe.
//
// Addresses count as ClientAddress::quotaKey() does (IPv6 per /64). A trusted reverse proxy
// (http/trusted_proxies) is not one client: every client behind it arrives from its address, so its
// connections are not counted per address; the proxy limits its own clients, and the global cap and the
// timeouts still apply to it.
class ConnectionBudget
{
    Q_DISABLE_COPY_MOVE(ConnectionBudget)

public:
    ConnectionBudget(int maxPerAddress, int maxUploads, const QString &trustedProxies = {});

    int maxPerAddress() const { return m_maxPerAddress; }
    int maxUploads() const { return m_maxUploads; }

    // Counts one more connection from `peer`; false (nothing counted) when it already has maxPerAddress.
    // Each admitted connection must be released once.
    bool admit(const QHostAddress &peer);
    void release(const QHostAddress &peer);
    int connectionsFrom(const QHostAddress &peer) const;

    // Takes one of the maxUploads slots; false when all are taken. Each taken slot must be returned once.
    bool takeUploadSlot();
    void returnUploadSlot();
    int uploadsInProgress() const;

private:
    // Empty for a trusted proxy: not counted.
    QString keyOf(const QHostAddress &peer) const;

    const int m_maxPerAddress;
    const int m_maxUploads;
    const ClientAddress m_proxies;
    mutable QMutex m_mutex;
    QHash<QString, int> m_perAddress;
    int m_uploads = 0;
};

} // namespace ades
