#pragma once

#include <QObject>

class QWidget;

namespace ades::ui {

// Keeps the mouse wheel from changing a combo box or spin box that merely lies under the pointer while the
// user scrolls a long form: the wheel then scrolls the form, and changes the control only once it has focus.
class WheelGuard : public QObject
{
    Q_OBJECT

public:
    // Guards `control` (the guard is its child); the control takes focus by click or tab, not by wheel.
    static void install(QWidget *control);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};

} // namespace ades::ui
