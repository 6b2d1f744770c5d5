package org.netbeans.spi.wizard;

/** Link-only stand-in (see Wizard.java). */
public class WizardController {
}
