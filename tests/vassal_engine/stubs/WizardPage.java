package org.netbeans.spi.wizard;

/** Link-only stand-in (see Wizard.java). */
public class WizardPage extends javax.swing.JPanel {
  public WizardPage(String step) {
  }

  protected void putWizardData(Object key, Object value) {
  }

  public interface WizardResultProducer {
  }
}
