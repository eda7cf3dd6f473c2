#include "StatusIcon.h"

#include <QFont>
#include <QPainter>
#include <QPixmap>

namespace ades::ui {

QIcon StatusIcon::make(const QColor &colour)
{
    QIcon icon;
    for (const int size : { 16, 22, 32, 48, 64 }) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawRoundedRect(QRectF(0.5, 0.5, size - 1, size - 1), size / 5.0, size / 5.0);
        QFont font = painter.font();
        font.setBold(true);
        font.setPixelSize(int(size * 0.7));
        painter.setFont(font);
        painter.setPen(Qt::white);
        painter.drawText(QRect(0, 0, size, size), Qt::AlignCenter, QStringLiteral("A"));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace ades::ui
