// Link-only stand-ins for the NetBeans wizard library VASSAL's WizardSupport names (it is on no registry this
// project can install from). VASSAL loads WizardSupport while it builds a module; the tests never show a wizard,
// so nothing here is ever called. Written for Imprenta's tests; no NetBeans or VASSAL code.
package org.netbeans.spi.wizard;

public final class Wizard {
}
